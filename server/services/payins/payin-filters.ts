import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db';
import { payins } from '../../db/schema';
import { istDayStart } from '../../../domain/format';
import type { ListFilters } from '../../routes/read-routes';
import type { PayinFilters } from '../../schemas/payins';
import { conditions } from '../common/lists';
import { failingCallbackIds } from '../callbacks/callbacks';
import { bound, oneOf, type Bind } from '../common/list-statements';
import { paiseFrom } from '../common/money-input';
import { codesOf, refuseHiddenFilters, type DataScope } from '../common/scope';

/** Who sees which pay-ins, and a list's filters, as conditions on the pay-ins table alone. */
export type Filters = ListFilters<typeof PayinFilters>;

/** Merchants see their pay-ins; vendors the pay-ins on their bank accounts. */
export const payinScope = (scope: DataScope, bind: Bind): SQL | undefined => {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'vendor') return sql`${payins.vendorCode} = ${bind('scopeVendor', scope.vendorCode)}`;
  return oneOf(payins.merchantCode, 'scopeCodes', scope.merchantCodes, bind);
};
export const payinVisible = (scope: DataScope): SQL | undefined => payinScope(scope, bound);

/** The list filters as conditions on the table alone (merchant codes narrowed to the caller's scope). */
export const payinConditions = (f: Filters, codes: string[] | null, bind: Bind): SQL[] => {
  const utr = f.utr?.replace(/\s+/g, '');
  const shortCode = f.shortCode?.replace(/\s+/g, '').toUpperCase();
  return conditions(
    f.status && f.status.length > 0 && oneOf(payins.status, 'status', f.status, bind),
    f.source && f.source.length > 0 && oneOf(payins.source, 'source', f.source, bind),
    codes !== null && oneOf(payins.merchantCode, 'codes', codes, bind),
    utr && sql`(${payins.utr} = ${bind('utr', utr)} OR ${payins.submittedUtr} = ${bind('utr', utr)})`,
    f.merchantOrderId && sql`${payins.merchantOrderId} = ${bind('orderId', f.merchantOrderId)}`,
    f.customerId && sql`${payins.customerId} = ${bind('customerId', f.customerId)}`,
    shortCode && sql`${payins.shortCode} = ${bind('shortCode', shortCode)}`,
    f.amount !== undefined && sql`${payins.amount} = ${bind('amount', paiseFrom(f.amount, 'amount'))}::bigint`,
    f.bankAccountId && sql`${payins.bankAccountId} = ${bind('bankAccountId', f.bankAccountId)}::uuid`,
    f.staleMinutes !== undefined &&
      sql`${payins.updatedAt} < now() - make_interval(mins => ${bind('staleMinutes', f.staleMinutes)}::int)`,
    f.callback === 'FAILED' && sql`${payins.id} IN (${failingCallbackIds('payins')})`,
    f.ids && oneOf(payins.id, 'ids', f.ids, bind, 'uuid'),
    f.from && sql`${payins.createdAt} >= ${bind('from', istDayStart(f.from))}::timestamptz`,
    f.to && sql`${payins.createdAt} < ${bind('to', istDayStart(f.to, 1))}::timestamptz`,
  );
};

export const payinFilterWhere = async (db: DbOrTx, f: Filters, scope: DataScope): Promise<SQL[]> => {
  refuseHiddenFilters(scope, 'payins', f);
  return payinConditions(f, await codesOf(db, f, scope), bound);
};
