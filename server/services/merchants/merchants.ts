import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db';
import { merchants } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation } from '../../errors';
import {
  CALLBACK_URL_FIELDS,
  changedStaffOnlyFields,
  setsMerchantControls,
  staffOnlyMessage,
} from '../../../domain/merchant';
import type { MerchantBody, MerchantUpdate, MerchantView, MerchantWithKey } from '../../schemas/merchants';
import { audit, diff } from '../audit/audit';
import type { SessionUser } from '../common/session-user';
import { checkSavedUrl, type UrlPolicy } from '../callbacks/callback-urls';
import type { Confirm } from '../identity/confirmations';
import { generateApiKey, generateSigningSecret } from './keys';
import { holdIntentSwitch, intentSwitchOf, NEW_MERCHANT_INTENT } from './merchant-intent';
import { findVisibleMerchant, presentMerchant } from './merchants-list';
import { bpsFrom, checkRange, paiseFrom } from '../common/money-input';
import { dataScope } from '../common/scope';

type Row = typeof merchants.$inferSelect;

const terms = (input: MerchantUpdate) => {
  const values = {
    minPayin: paiseFrom(input.minPayin, 'minPayin'),
    maxPayin: paiseFrom(input.maxPayin, 'maxPayin'),
    minPayout: paiseFrom(input.minPayout, 'minPayout'),
    maxPayout: paiseFrom(input.maxPayout, 'maxPayout'),
    payinFeeBps: bpsFrom(input.payinFeePercent, 'payinFeePercent'),
    payoutFeeBps: bpsFrom(input.payoutFeePercent, 'payoutFeePercent'),
  };
  checkRange(values.minPayin, values.maxPayin, 'minPayin', 'maxPayin');
  checkRange(values.minPayout, values.maxPayout, 'minPayout', 'maxPayout');
  return values;
};

const webAddresses = (input: MerchantUpdate) => ({
  siteUrl: input.siteUrl.trim(),
  returnUrl: input.returnUrl?.trim() || null,
  payinCallbackUrl: input.payinCallbackUrl?.trim() || null,
  payoutCallbackUrl: input.payoutCallbackUrl?.trim() || null,
});

const WEB_ADDRESS_LABELS = {
  siteUrl: 'Site URL',
  returnUrl: 'Return URL',
  payinCallbackUrl: 'Pay-in Callback URL',
  payoutCallbackUrl: 'Pay-out Callback URL',
} as const;

/** Every address sent is https on the public internet (or as the policy allows), before any row is locked. */
const checkWebAddresses = async (input: MerchantUpdate, urls: UrlPolicy) => {
  const addresses = webAddresses(input);
  for (const field of Object.keys(WEB_ADDRESS_LABELS) as (keyof typeof WEB_ADDRESS_LABELS)[]) {
    const value = addresses[field];
    if (value) await checkSavedUrl(value, WEB_ADDRESS_LABELS[field], field, urls);
  }
};

const OWN_MERCHANT_ONLY = 'You can only add sub-merchants under your own merchant.';

/** A merchant role changes none of the gateway's controls: 403 naming those it tried to change. */
const holdControls = (user: SessionUser, input: MerchantUpdate, current: Row) => {
  if (setsMerchantControls(user.role)) return;
  const changed = changedStaffOnlyFields(input, presentMerchant(current));
  if (changed.length > 0) throw new AppError(403, 'STAFF_ONLY', staffOnlyMessage(changed), changed[0]);
};

/** The controls a merchant admin's sub-merchant takes from its parent. */
const controlsOf = (row: Row) => ({
  minPayin: row.minPayin,
  maxPayin: row.maxPayin,
  minPayout: row.minPayout,
  maxPayout: row.maxPayout,
  payinFeeBps: row.payinFeeBps,
  payoutFeeBps: row.payoutFeeBps,
  testMode: row.testMode,
  disputesAllowed: row.disputesAllowed,
});

/**
 * The parent of a new merchant. A caller held to merchants adds sub-merchants under one of its
 * own merchants only (its first when it names none); the gateway's staff may add any merchant.
 */
const resolveParent = async (tx: DbOrTx, user: SessionUser, parentCode: string | null | undefined) => {
  const heldToMerchants = (await dataScope(tx, user)).kind !== 'all';
  const code = parentCode?.trim() || (heldToMerchants ? user.merchantCodes[0] : null);
  if (!code) {
    if (heldToMerchants) throw forbidden(OWN_MERCHANT_ONLY);
    return null;
  }
  if (heldToMerchants && !user.merchantCodes.includes(code)) throw forbidden(OWN_MERCHANT_ONLY);
  const [row] = await tx.select().from(merchants).where(eq(merchants.code, code));
  if (!row) throw badRequest(`Parent merchant ${code} does not exist`, 'parentCode');
  if (row.parentId) throw badRequest('A sub-merchant cannot have sub-merchants of its own', 'parentCode');
  return row;
};

/** Inserts a merchant inside the caller's transaction (an approved application adds its user beside it). */
export const insertMerchant = async (
  tx: DbOrTx,
  user: SessionUser,
  input: MerchantBody,
  urls: UrlPolicy,
  ip?: string,
): Promise<MerchantWithKey> => {
  const values = terms(input);
  await checkWebAddresses(input, urls);
  const parentRow = await resolveParent(tx, user, input.parentCode);
  const staff = setsMerchantControls(user.role);
  if (!staff) {
    if (!parentRow) throw forbidden(OWN_MERCHANT_ONLY);
    holdControls(user, input, parentRow);
  }
  const controls =
    staff || !parentRow
      ? { ...values, testMode: input.testMode ?? false, disputesAllowed: input.disputesAllowed ?? true }
      : controlsOf(parentRow);
  // A merchant admin's sub-merchant takes its parent's switch; ADMIN sets any.
  const intentBase = user.role === 'ADMIN' || !parentRow ? NEW_MERCHANT_INTENT : parentRow;
  holdIntentSwitch(user, input, intentBase);
  const intent = user.role === 'ADMIN' ? intentSwitchOf(input, intentBase) : intentBase;
  const key = generateApiKey(controls.testMode);
  const signingSecret = generateSigningSecret();
  const [created] = await tx
    .insert(merchants)
    .values({
      code: input.code.trim().toUpperCase(),
      name: input.name.trim(),
      ...webAddresses(input),
      apiKeyHash: key.hash,
      apiKeyPrefix: key.prefix,
      signingSecret,
      ...controls,
      allowIntent: intent.allowIntent,
      intentProvider: intent.intentProvider,
      parentId: parentRow?.id ?? null,
      createdBy: user.id,
    })
    .returning();
  const view = presentMerchant({ ...created, parentCode: parentRow?.code ?? null });
  await audit(tx, { ...user, ip }, { action: 'create', entity: 'merchants', entityId: created.id, after: view });
  return { ...view, apiKey: key.key, signingSecret };
};

/** A taken code answers 409 naming it. */
export const duplicateCode = (error: unknown, code: string) =>
  isUniqueViolation(error) ? conflict(`A merchant with code ${code} already exists.`, 'DUPLICATE_CODE') : error;

export const createMerchant = async (db: Db, user: SessionUser, input: MerchantBody, urls: UrlPolicy, ip?: string) => {
  try {
    return await db.transaction((tx) => insertMerchant(tx, user, input, urls, ip));
  } catch (error) {
    throw duplicateCode(error, input.code.trim().toUpperCase());
  }
};

export const updateMerchant = async (
  db: Db,
  user: SessionUser,
  id: string,
  input: MerchantUpdate,
  confirmed: Confirm,
  urls: UrlPolicy,
  ip?: string,
): Promise<MerchantView> => {
  const values = terms(input);
  const addresses = webAddresses(input);
  await checkWebAddresses(input, urls);
  return db.transaction(async (tx) => {
    const before = await findVisibleMerchant(tx, user, id, true);
    if (CALLBACK_URL_FIELDS.some((f) => addresses[f] !== before[f])) await confirmed(tx, 'merchant.callback-urls');
    holdControls(user, input, before);
    holdIntentSwitch(user, input, before);
    const [after] = await tx
      .update(merchants)
      .set({
        name: input.name.trim(),
        ...addresses,
        ...values,
        testMode: input.testMode ?? before.testMode,
        disputesAllowed: input.disputesAllowed ?? before.disputesAllowed,
        ...intentSwitchOf(input, before),
        updatedAt: sql`now()`,
      })
      .where(eq(merchants.id, id))
      .returning();
    const changes = diff(presentMerchant(before), presentMerchant(after));
    await audit(tx, { ...user, ip }, { action: 'update', entity: 'merchants', entityId: id, ...changes });
    return presentMerchant(after);
  });
};
