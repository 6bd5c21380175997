import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { payins } from '../../db/schema';
import { istDayStart } from '../../../domain/format';
import type { ListFilters } from '../../routes/read-routes';
import type { PayinFilters } from '../../schemas/payins';
import { conditions } from '../common/lists';
import { failingCallbackIds } from '../callbacks/callbacks';
import { bound, later, oneOf, type Bind } from '../common/list-statements';
import { paiseFrom } from '../common/money-input';
import { codesOf, refuseHiddenFilters, type DataScope } from '../common/scope';

/** Who sees which pay-ins, and a list's filters, as conditions on the pay-ins table alone. */
export type Filters = ListFilters<typeof PayinFilters>;

/** Merchants see their pay-ins; vendors the pay-ins on their bank accounts. */
export const payinScope = (scope: DataScope, bind: Bind): SQLWrapper | undefined => {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'vendor') return later`${payins.vendorCode} = ${bind('scopeVendor', scope.vendorCode)}`;
  return oneOf(payins.merchantCode, 'scopeCodes', scope.merchantCodes, bind);
};
export const payinVisible = (scope: DataScope): SQL | undefined => payinScope(scope, bound)?.getSQL();

/** The list filters as conditions on the table alone (merchant codes narrowed to the caller's scope). */
export const payinConditions = (f: Filters, codes: string[] | null, bind: Bind): SQLWrapper[] => {
  const utr = f.utr?.replace(/\s+/g, '');
  const shortCode = f.shortCode?.replace(/\s+/g, '').toUpperCase();
  return conditions(
    f.status && f.status.length > 0 && oneOf(payins.status, 'status', f.status, bind),
    f.source && f.source.length > 0 && oneOf(payins.source, 'source', f.source, bind),
    codes !== null && oneOf(payins.merchantCode, 'codes', codes, bind),
    utr && later`(${payins.utr} = ${bind('utr', utr)} OR ${payins.submittedUtr} = ${bind('utr', utr)})`,
    f.merchantOrderId && later`${payins.merchantOrderId} = ${bind('orderId', f.merchantOrderId)}`,
    f.customerId && later`${payins.customerId} = ${bind('customerId', f.customerId)}`,
    shortCode && later`${payins.shortCode} = ${bind('shortCode', shortCode)}`,
    f.amount !== undefined && later`${payins.amount} = ${bind('amount', paiseFrom(f.amount, 'amount'))}::bigint`,
    f.bankAccountId && later`${payins.bankAccountId} = ${bind('bankAccountId', f.bankAccountId)}::uuid`,
    f.staleMinutes !== undefined &&
      later`${payins.updatedAt} < now() - make_interval(mins => ${bind('staleMinutes', f.staleMinutes)}::int)`,
    f.callback === 'FAILED' && later`${payins.id} IN (${failingCallbackIds('payins')})`,
    f.ids && oneOf(payins.id, 'ids', f.ids, bind, 'uuid'),
    f.from && later`${payins.createdAt} >= ${bind('from', istDayStart(f.from))}::timestamptz`,
    f.to && later`${payins.createdAt} < ${bind('to', istDayStart(f.to, 1))}::timestamptz`,
  );
};

export const payinFilterWhere = async (db: DbOrTx, f: Filters, scope: DataScope): Promise<SQL[]> => {
  refuseHiddenFilters(scope, 'payins', f);
  return payinConditions(f, await codesOf(db, f, scope), bound).map((c) => c.getSQL());
};
