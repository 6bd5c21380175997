import { merchants } from '../../db/schema';
import { AppError } from '../../errors';
import { canDo } from '../../../domain/access';
import type { MerchantUpdate } from '../../schemas/merchants';
import type { SessionUser } from '../common/session-user';

/**
 * Issue 14: a merchant's pay-page provider switch (Allow Intent, Intent Provider). It decides where
 * customers' money may be collected, so it is set by those who set the providers' accounts (ADMIN).
 */
/** The switch's fields, with the labels the refusal uses. */
export const INTENT_FIELDS = { allowIntent: 'Allow Intent', intentProvider: 'Intent Provider' } as const;
export type IntentSwitch = Pick<typeof merchants.$inferSelect, keyof typeof INTENT_FIELDS>;
export const NEW_MERCHANT_INTENT: IntentSwitch = { allowIntent: true, intentProvider: null };

/** Another role changing the switch gets 403 naming what it tried to change (sent back unchanged, it passes). */
export const holdIntentSwitch = (user: SessionUser, input: MerchantUpdate, current: IntentSwitch) => {
  if (canDo(user.role, 'providers', 'update')) return;
  const changed = (Object.keys(INTENT_FIELDS) as (keyof typeof INTENT_FIELDS)[]).filter(
    (f) => input[f] !== undefined && input[f] !== current[f],
  );
  if (changed.length === 0) return;
  const named = changed.map((f) => INTENT_FIELDS[f]).join(' and ');
  throw new AppError(
    403,
    'ADMIN_ONLY',
    `${named} ${changed.length > 1 ? 'are' : 'is'} set by the gateway's ADMIN only: you cannot change ${changed.length > 1 ? 'them' : 'it'}.`,
    changed[0],
  );
};

/** The switch as a request leaves it: ADMIN's values where sent, the current ones otherwise. */
export const intentSwitchOf = (input: MerchantUpdate, current: IntentSwitch): IntentSwitch => ({
  allowIntent: input.allowIntent ?? current.allowIntent,
  intentProvider: input.intentProvider === undefined ? current.intentProvider : input.intentProvider,
});
