import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { payouts } from '../../db/schema';
import { istDayStart } from '../../../domain/format';
import type { ListFilters } from '../../routes/read-routes';
import type { PayoutFilters } from '../../schemas/payouts';
import { conditions } from '../common/lists';
import { bound, later, oneOf, type Bind } from '../common/list-statements';
import { paiseFrom } from '../common/money-input';
import { codesOf, refuseHiddenFilters, type DataScope } from '../common/scope';

/** Who sees which pay-outs, and a list's filters, as conditions on the pay-outs table alone. */
export type Filters = ListFilters<typeof PayoutFilters>;

/** Merchants see their pay-outs; vendors those assigned to their vendor (issue 11, item 4). */
export const payoutScope = (scope: DataScope, bind: Bind): SQLWrapper | undefined => {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'vendor') return later`${payouts.vendorCode} = ${bind('scopeVendor', scope.vendorCode)}`;
  return oneOf(payouts.merchantCode, 'scopeCodes', scope.merchantCodes, bind);
};
export const payoutVisible = (scope: DataScope): SQL | undefined => payoutScope(scope, bound)?.getSQL();

/** The list filters as conditions on the table alone (merchant codes narrowed to the caller's scope). */
export const payoutConditions = (f: Filters, codes: string[] | null, bind: Bind): SQLWrapper[] => {
  const utr = f.utr?.replace(/\s+/g, '');
  const account = f.accountNumber?.trim();
  return conditions(
    f.status && f.status.length > 0 && oneOf(payouts.status, 'status', f.status, bind),
    codes !== null && oneOf(payouts.merchantCode, 'codes', codes, bind),
    f.vendorCode && later`${payouts.vendorCode} = ${bind('vendorCode', f.vendorCode)}`,
    f.method && later`${payouts.method} = ${bind('method', f.method)}`,
    utr && later`${payouts.utr} = ${bind('utr', utr)}`,
    f.merchantOrderId && later`${payouts.merchantOrderId} = ${bind('orderId', f.merchantOrderId)}`,
    account &&
      later`(${payouts.accountNumber} = ${bind('account', account)} OR ${payouts.upiId} = ${bind('account', account)})`,
    f.amount !== undefined && later`${payouts.amount} = ${bind('amount', paiseFrom(f.amount, 'amount'))}::bigint`,
    f.ids && oneOf(payouts.id, 'ids', f.ids, bind, 'uuid'),
    f.from && later`${payouts.createdAt} >= ${bind('from', istDayStart(f.from))}::timestamptz`,
    f.to && later`${payouts.createdAt} < ${bind('to', istDayStart(f.to, 1))}::timestamptz`,
  );
};

export const payoutFilterWhere = async (db: DbOrTx, f: Filters, scope: DataScope): Promise<SQL[]> => {
  refuseHiddenFilters(scope, 'payouts', f);
  return payoutConditions(f, await codesOf(db, f, scope), bound).map((c) => c.getSQL());
};
