import { useListContext, useTranslate } from 'react-admin';
import { formatRupees } from '../../../domain/format';
import { belongsToMerchants } from '../../../domain/scope';
import { useSession } from '../../session/SessionProvider';
import { BalanceCard } from '../shared/BalanceCard';
import { codesOf } from '../shared/useBalanceQuery';
import type { MerchantBalance } from './types';
import { useMerchantBalances } from './useMerchantBalances';

/** The most merchants the card reads at once; more named in the filter are left out, and it says so. */
export const MAX_BALANCES = 5;

const t = 'resources.settlements.balances';

const Line = ({ row }: { row: MerchantBalance }) => {
  const translate = useTranslate();
  return (
    <>
      <strong>{row.merchantCode}</strong>
      {` — ${translate(`${t}.balance`)} ${formatRupees(row.balance)} · ${translate(`${t}.held`)} ${formatRupees(row.held)} · ${translate(`${t}.available`)} `}
      <span data-testid={`settlement-balance-${row.merchantCode}-available`}>{formatRupees(row.available)}</span>
    </>
  );
};

/**
 * "Balances" above the Settlements list: balance, held and available of each merchant in the
 * merchant filter (up to five), or a merchant user's own without one. Read again with the list.
 */
export const MerchantBalances = () => {
  const translate = useTranslate();
  const { role } = useSession();
  const { filterValues } = useListContext();
  const named = codesOf(filterValues.merchantCode);
  const codes = named.slice(0, MAX_BALANCES);
  const includeSubMerchants = [true, 'true'].includes(filterValues.includeSubMerchants);
  const enabled = codes.length > 0 || (role !== null && belongsToMerchants(role));
  const { data = [], isError } = useMerchantBalances(codes, includeSubMerchants, enabled);
  if (!enabled) return null;
  return (
    <BalanceCard
      title={translate(`${t}.label`)}
      lines={data.map((row) => ({
        key: row.merchantCode,
        testId: `settlement-balance-${row.merchantCode}`,
        content: <Line row={row} />,
      }))}
      note={named.length > MAX_BALANCES ? translate(`${t}.first`, { count: MAX_BALANCES }) : undefined}
      error={isError ? translate(`${t}.error`) : undefined}
    />
  );
};
