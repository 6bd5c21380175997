import { useBalanceQuery } from '../shared/useBalanceQuery';
import { settlementActions } from './actions';
import type { MerchantBalance } from './types';

/** The query key of every merchant balance read on the Settlements screen (the card and the dialog's Available). */
export const MERCHANT_BALANCES_KEY = ['settlements', 'balances'] as const;

/**
 * GET /v1/settlements/balances for these merchant codes (none: a merchant user's own); each
 * merchant's own account unless `includeSubMerchants`.
 */
export const useMerchantBalances = (codes: readonly string[], includeSubMerchants: boolean, enabled = true) =>
  useBalanceQuery<MerchantBalance>(
    [...MERCHANT_BALANCES_KEY, { codes, includeSubMerchants }],
    () => settlementActions.balances(codes, includeSubMerchants),
    enabled,
  );
