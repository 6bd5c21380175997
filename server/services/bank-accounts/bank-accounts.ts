import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { bankAccounts, vendors } from '../../db/schema';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../errors';
import { BANK_NUMBER_FIELDS, needsApproval } from '../../../domain/bank-account';
import type { BankBody, BankUpdate, FlagsBody } from '../../schemas/bank-accounts';
import { audit, diff } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { findVisible, shownNumber, viewBankAccount, type BankRow } from './bank-accounts-list';
import type { Confirm } from '../identity/confirmations';
import { checkRange, paiseFrom } from '../common/money-input';

const limits = (input: BankUpdate) => {
  const values = {
    minPayin: paiseFrom(input.minPayin, 'minPayin'),
    maxPayin: paiseFrom(input.maxPayin, 'maxPayin'),
    dailyLimit:
      input.dailyLimit === null || input.dailyLimit === undefined ? null : paiseFrom(input.dailyLimit, 'dailyLimit'),
  };
  checkRange(values.minPayin, values.maxPayin, 'minPayin', 'maxPayin');
  if (values.dailyLimit !== null) checkRange(values.maxPayin, values.dailyLimit, 'maxPayin', 'dailyLimit');
  return values;
};

const details = (input: BankUpdate, current?: BankRow) => ({
  bankName: input.bankName.trim(),
  holderName: input.holderName.trim(),
  accountNumber: input.accountNumber?.trim() || current?.accountNumber || '',
  ifsc: input.ifsc.trim().toUpperCase(),
  upiId: input.upiId?.trim() || null,
});

const vendorIdOf = async (tx: DbOrTx, code: string) => {
  const [row] = await tx.select({ id: vendors.id }).from(vendors).where(eq(vendors.code, code.trim().toUpperCase()));
  if (!row) throw badRequest(`Vendor ${code} does not exist`, 'vendorCode');
  return row.id;
};

const duplicate = (error: unknown, nickname: string) =>
  isUniqueViolation(error) ? conflict(`A bank account named ${nickname} already exists.`, 'DUPLICATE_NICKNAME') : error;

export const createBankAccount = async (db: Db, user: SessionUser, input: BankBody, ip?: string) => {
  const nickname = input.nickname.trim();
  const values = { ...details(input), ...limits(input) };
  try {
    return await db.transaction(async (tx) => {
      const vendorId = await vendorIdOf(tx, input.vendorCode);
      const [row] = await tx
        .insert(bankAccounts)
        .values({
          nickname,
          ...values,
          usedFor: input.usedFor,
          showQr: input.showQr ?? true,
          showBankDetails: input.showBankDetails ?? true,
          enabled: input.enabled ?? true,
          vendorId,
          createdBy: user.id,
        })
        .returning();
      const after = await viewBankAccount(tx, 'audit', row.id);
      await audit(tx, { ...user, ip }, { action: 'create', entity: 'bank-accounts', entityId: row.id, after });
      return viewBankAccount(tx, user, row.id);
    });
  } catch (error) {
    throw duplicate(error, nickname);
  }
};

export const updateBankAccount = async (
  db: Db,
  user: SessionUser,
  id: string,
  input: BankUpdate,
  confirmed: Confirm,
  ip?: string,
) => {
  const terms = limits(input);
  return db.transaction(async (tx) => {
    const before = await findVisible(tx, user, id, true);
    const shownBefore = await viewBankAccount(tx, 'audit', id);
    const values = { ...details(input, before), ...terms };
    const renumbered = BANK_NUMBER_FIELDS.some((f) => (values[f] ?? null) !== (before[f] ?? null));
    if (renumbered) await confirmed(tx, 'bank-account.numbers');
    // Money would go elsewhere from now on: a second staff user approves the new details first.
    const approval = renumbered && needsApproval(before.usedFor) ? { approvedBy: null, approvedAt: null } : {};
    await tx
      .update(bankAccounts)
      .set({
        ...values,
        showQr: input.showQr ?? before.showQr,
        showBankDetails: input.showBankDetails ?? before.showBankDetails,
        ...approval,
        updatedAt: sql`now()`,
      })
      .where(eq(bankAccounts.id, id));
    const shownAfter = await viewBankAccount(tx, 'audit', id);
    await audit(
      tx,
      { ...user, ip },
      { action: 'update', entity: 'bank-accounts', entityId: id, ...diff(shownBefore, shownAfter) },
    );
    return viewBankAccount(tx, user, id);
  });
};

/** The switches of the list; turning an account on or off needs the password again. */
export const setBankFlags = async (
  db: Db,
  user: SessionUser,
  id: string,
  flags: FlagsBody,
  confirmed: Confirm,
  ip?: string,
) => {
  if (flags.enabled === undefined && flags.showQr === undefined && flags.showBankDetails === undefined) {
    throw badRequest('Nothing to change: send enabled, showQr or showBankDetails', 'enabled');
  }
  return db.transaction(async (tx) => {
    if (flags.enabled !== undefined) await confirmed(tx, 'bank-account.toggle');
    await findVisible(tx, user, id, true);
    const shownBefore = await viewBankAccount(tx, 'audit', id);
    await tx
      .update(bankAccounts)
      .set({ ...flags, updatedAt: sql`now()` })
      .where(eq(bankAccounts.id, id));
    const shownAfter = await viewBankAccount(tx, 'audit', id);
    const action = flags.enabled === undefined ? 'update' : flags.enabled ? 'enable' : 'disable';
    await audit(
      tx,
      { ...user, ip },
      { action, entity: 'bank-accounts', entityId: id, ...diff(shownBefore, shownAfter) },
    );
    return viewBankAccount(tx, user, id);
  });
};

/** Only an account never linked to a merchant is deleted; otherwise it is disabled. */
export const deleteBankAccount = async (db: Db, user: SessionUser, id: string, ip?: string) =>
  db.transaction(async (tx) => {
    await findVisible(tx, user, id, true);
    const shown = await viewBankAccount(tx, 'audit', id);
    if (shown.merchantCodes.length > 0)
      throw new AppError(
        409,
        'HAS_HISTORY',
        'This bank account is linked to merchants: unlink them or disable it instead.',
      );
    await tx.delete(bankAccounts).where(eq(bankAccounts.id, id));
    await audit(tx, { ...user, ip }, { action: 'delete', entity: 'bank-accounts', entityId: id, before: shown });
    return { ...shown, accountNumber: shownNumber(shown.accountNumber, user) };
  });
