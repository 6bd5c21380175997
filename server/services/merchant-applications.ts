import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { merchantApplications, users } from '../db/schema';
import { conflict, isUniqueViolation, notFound } from '../errors';
import { paiseToRupees } from '../../domain/money';
import { audit } from './audit';
import type { SessionUser } from './auth';
import { likePattern, offsetOf, orderOf, type Paging } from './lists';
import { createMerchant, type MerchantInput } from './merchant-admin';
import { checkPasswordStrength, hashPassword } from './passwords';

type Row = typeof merchantApplications.$inferSelect;
export const APPLICATION_SORTS = ['createdAt', 'businessName'] as const;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];
const SORT_COLUMNS = { createdAt: merchantApplications.createdAt, businessName: merchantApplications.businessName };

export interface ApplicationFilters {
  q?: string;
  status?: 'PENDING' | 'APPROVED' | 'REJECTED';
  ids?: string[];
}

export const presentApplication = (row: Row) => ({
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

const filterWhere = (f: ApplicationFilters): SQL[] =>
  [
    f.q
      ? or(
          ilike(merchantApplications.businessName, likePattern(f.q)),
          ilike(merchantApplications.email, likePattern(f.q)),
        )
      : undefined,
    f.status ? eq(merchantApplications.status, f.status) : undefined,
    f.ids ? inArray(merchantApplications.id, f.ids) : undefined,
  ].filter((c): c is SQL => c !== undefined);

export const applicationBatches =
  (db: Db, filters: ApplicationFilters, paging: Paging<ApplicationSort>) => async (offset: number, limit: number) =>
    (
      await db
        .select()
        .from(merchantApplications)
        .where(and(...filterWhere(filters)))
        .orderBy(...orderOf(paging, SORT_COLUMNS, merchantApplications.id))
        .limit(limit)
        .offset(offset)
    ).map(presentApplication);

export const listApplications = async (db: Db, filters: ApplicationFilters, paging: Paging<ApplicationSort>) => {
  const [data, [{ total }]] = await Promise.all([
    applicationBatches(db, filters, paging)(offsetOf(paging), paging.pageSize),
    db
      .select({ total: count() })
      .from(merchantApplications)
      .where(and(...filterWhere(filters))),
  ]);
  return { data, total };
};

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

export const getApplication = async (db: Db, id: string) => {
  const [row] = await db.select().from(merchantApplications).where(eq(merchantApplications.id, id));
  if (!row) throw notFound('Application');
  return presentApplication(row);
};

/** Marks a pending application reviewed in one conditional update, so two reviewers cannot both act on it. */
const claim = async (
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  user: SessionUser,
  id: string,
  status: 'APPROVED' | 'REJECTED',
  reason: string | null,
) => {
  const [row] = await tx
    .update(merchantApplications)
    .set({ status, reason, reviewedBy: user.id, reviewedAt: sql`now()` })
    .where(and(eq(merchantApplications.id, id), eq(merchantApplications.status, 'PENDING')))
    .returning();
  if (row) return row;
  const [exists] = await tx
    .select({ status: merchantApplications.status })
    .from(merchantApplications)
    .where(eq(merchantApplications.id, id));
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
        before: { status: 'PENDING' },
        after: { status: 'REJECTED', reason: row.reason },
      },
    );
    return presentApplication(row);
  });

export interface ApprovalInput extends Omit<MerchantInput, 'name' | 'siteUrl'> {
  userName: string;
  password: string;
}

/** Approval creates the merchant and its first MERCHANT user together, or neither. */
export const approveApplication = async (db: Db, user: SessionUser, id: string, input: ApprovalInput, ip?: string) => {
  checkPasswordStrength(input.password);
  const passwordHash = await hashPassword(input.password);
  const userName = input.userName.trim();
  try {
    return await db.transaction(async (tx) => {
      const app = await claim(tx, user, id, 'APPROVED', null);
      const merchant = await createMerchant(
        tx as unknown as Db,
        user,
        { ...input, name: app.businessName, siteUrl: app.website, parentCode: null },
        ip,
      );
      const [merchantUser] = await tx
        .insert(users)
        .values({
          fullName: app.contactName,
          userName,
          passwordHash,
          role: 'MERCHANT',
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
          after: { userName, role: 'MERCHANT', merchantCodes: [merchant.code] },
        },
      );
      await audit(
        tx,
        { ...user, ip },
        {
          action: 'approve',
          entity: 'merchant-applications',
          entityId: id,
          before: { status: 'PENDING' },
          after: { status: 'APPROVED', merchantCode: merchant.code },
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
