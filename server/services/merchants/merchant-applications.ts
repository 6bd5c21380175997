import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db';
import { merchantApplications, users } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../errors';
import { APPLICANT_ROLE, REVIEWABLE_STATUS, type ReviewOutcome } from '../../../domain/merchant-application';
import { paiseToRupees } from '../../../domain/money';
import type { ListFilters } from '../../routes/read-routes';
import type {
  ApplicationFilters,
  ApplicationSort,
  ApplicationView,
  Approval,
  ApproveBody,
} from '../../schemas/merchant-applications';
import { audit } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { conditions, cursorFields, likePattern, type Paging } from '../common/lists';
import { keysetList } from '../common/keyset-list';
import type { UrlPolicy } from '../callbacks/callback-urls';
import { insertMerchant } from './merchants';
import { checkPasswordStrength, hashPassword } from '../identity/passwords';
import { dataScope, scopeWhere } from '../common/scope';

type Row = typeof merchantApplications.$inferSelect;
type Filters = ListFilters<typeof ApplicationFilters>;
const SORT_COLUMNS = { createdAt: merchantApplications.createdAt, businessName: merchantApplications.businessName };

export const presentApplication = (row: Row): ApplicationView => ({
  id: row.id,
  businessName: row.businessName,
  contactName: row.contactName,
  email: row.email,
  phone: row.phone,
  website: row.website,
  expectedMonthlyVolume: paiseToRupees(row.expectedMonthlyVolume),
  status: row.status,
  reason: row.reason,
  merchantId: row.merchantId,
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** An application belongs to no merchant yet: only callers who see every row see it. */
const visible = async (db: DbOrTx, user: SessionUser) => scopeWhere(await dataScope(db, user), {});

const filterWhere = (f: Filters): SQL[] =>
  conditions(
    f.q &&
      or(
        ilike(merchantApplications.businessName, likePattern(f.q)),
        ilike(merchantApplications.email, likePattern(f.q)),
      ),
    f.status && inArray(merchantApplications.status, f.status),
    f.ids && inArray(merchantApplications.id, f.ids),
  );

const applicationList = keysetList({
  table: merchantApplications,
  sorts: SORT_COLUMNS,
  id: merchantApplications.id,
  select: (db, key, extra = {}) =>
    db
      .select({ a: merchantApplications, ...cursorFields(key), ...extra })
      .from(merchantApplications)
      .$dynamic(),
  present: (r) => presentApplication(r.a),
});

const whereOf = async (db: DbOrTx, user: SessionUser, f: Filters) => and(await visible(db, user), ...filterWhere(f));

export const listApplications = async (db: Db, user: SessionUser, filters: Filters, paging: Paging<ApplicationSort>) =>
  applicationList.page(db, await whereOf(db, user, filters), paging);

export const exportApplications = async (
  db: Db,
  user: SessionUser,
  filters: Filters,
  paging: Paging<ApplicationSort>,
) => applicationList.batches(db, await whereOf(db, user, filters), paging);

export const APPLICATION_CSV_COLUMNS = [
  { key: 'businessName', header: 'Business' },
  { key: 'contactName', header: 'Contact' },
  { key: 'email', header: 'Email' },
  { key: 'phone', header: 'Phone' },
  { key: 'website', header: 'Website' },
  { key: 'expectedMonthlyVolume', header: 'Expected Monthly Volume' },
  { key: 'status', header: 'Status' },
  { key: 'reason', header: 'Reason' },
  { key: 'createdAt', header: 'Received At' },
];

export const getApplication = async (db: Db, user: SessionUser, id: string) => {
  const [row] = await db
    .select()
    .from(merchantApplications)
    .where(and(eq(merchantApplications.id, id), await visible(db, user)));
  if (!row) throw notFound('Application');
  return presentApplication(row);
};

/** Marks a pending application reviewed in one conditional update, so two reviewers cannot both act on it. */
const claim = async (tx: Tx, user: SessionUser, id: string, status: ReviewOutcome, reason: string | null) => {
  const [row] = await tx
    .update(merchantApplications)
    .set({ status, reason, reviewedBy: user.id, reviewedAt: sql`now()` })
    .where(
      and(eq(merchantApplications.id, id), eq(merchantApplications.status, REVIEWABLE_STATUS), await visible(tx, user)),
    )
    .returning();
  if (row) return row;
  const [exists] = await tx
    .select({ status: merchantApplications.status })
    .from(merchantApplications)
    .where(and(eq(merchantApplications.id, id), await visible(tx, user)));
  if (!exists) throw notFound('Application');
  throw conflict(`This application was already ${exists.status.toLowerCase()}.`, 'ALREADY_REVIEWED');
};

export const rejectApplication = async (db: Db, user: SessionUser, id: string, reason: string, ip?: string) =>
  db.transaction(async (tx) => {
    const row = await claim(tx, user, id, 'REJECTED', reason.trim());
    await audit(
      tx,
      { ...user, ip },
      {
        action: 'reject',
        entity: 'merchant-applications',
        entityId: id,
        before: { status: REVIEWABLE_STATUS },
        after: { status: row.status, reason: row.reason },
      },
    );
    return presentApplication(row);
  });

/** Approval creates the merchant and its first MERCHANT user together, or neither. */
export const approveApplication = async (
  db: Db,
  user: SessionUser,
  id: string,
  input: ApproveBody,
  urls: UrlPolicy,
  ip?: string,
): Promise<Approval> => {
  checkPasswordStrength(input.password);
  const passwordHash = await hashPassword(input.password);
  const { userName: requestedName, password: _password, ...terms } = input;
  const userName = requestedName.trim();
  try {
    return await db.transaction(async (tx) => {
      const app = await claim(tx, user, id, 'APPROVED', null);
      const merchant = await insertMerchant(
        tx,
        user,
        { ...terms, name: app.businessName, siteUrl: app.website, parentCode: null },
        urls,
        ip,
      );
      const [merchantUser] = await tx
        .insert(users)
        .values({
          fullName: app.contactName,
          userName,
          passwordHash,
          mustChangePassword: true,
          role: APPLICANT_ROLE,
          merchantCodes: [merchant.code],
          createdBy: user.id,
        })
        .returning({ id: users.id, userName: users.userName });
      await tx.update(merchantApplications).set({ merchantId: merchant.id }).where(eq(merchantApplications.id, id));
      await audit(
        tx,
        { ...user, ip },
        {
          action: 'create',
          entity: 'users',
          entityId: merchantUser.id,
          after: { userName, role: APPLICANT_ROLE, merchantCodes: [merchant.code] },
        },
      );
      await audit(
        tx,
        { ...user, ip },
        {
          action: 'approve',
          entity: 'merchant-applications',
          entityId: id,
          before: { status: REVIEWABLE_STATUS },
          after: { status: app.status, merchantCode: merchant.code },
        },
      );
      return {
        application: presentApplication({ ...app, merchantId: merchant.id }),
        merchant,
        userName: merchantUser.userName,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('That merchant code or user name is already taken.', 'DUPLICATE');
    throw error;
  }
};
