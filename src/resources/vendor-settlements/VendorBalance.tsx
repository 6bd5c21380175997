import { useListContext, useTranslate } from 'react-admin';
import { formatRupees } from '../../../domain/format';
import { belongsToVendor } from '../../../domain/scope';
import { vendorPosition } from '../../../domain/settlement';
import { useSession } from '../../session/SessionProvider';
import { BalanceCard } from '../shared/BalanceCard';
import { codesOf, useBalanceQuery } from '../shared/useBalanceQuery';
import { vendorSettlementActions } from './actions';
import type { VendorBalanceRow } from './types';

/** The most vendors the card reads at once; more named in the filter are left out, and it says so. */
export const MAX_VENDOR_BALANCES = 5;

/** The query key of the vendor balances; react-admin's refresh after every action invalidates it with the list. */
export const VENDOR_BALANCES_KEY = ['vendor-settlements', 'balances'] as const;

const POSITION_KEY = {
  'vendor owes the gateway': 'vendor_owes',
  'gateway owes the vendor': 'gateway_owes',
  settled: 'settled',
} as const;

const t = 'resources.vendorsettlements.balance';

const Line = ({ row }: { row: VendorBalanceRow }) => {
  const translate = useTranslate();
  const position = POSITION_KEY[row.position as keyof typeof POSITION_KEY] ?? POSITION_KEY[vendorPosition(row.balance)];
  const owed = translate(`${t}.${position}`, { vendor: row.vendorCode, amount: formatRupees(Math.abs(row.balance)) });
  return (
    <>
      {owed}
      {row.unmatched !== 0 && ` · ${translate(`${t}.unmatched`, { amount: formatRupees(row.unmatched) })}`}
    </>
  );
};

/**
 * Who owes whom (GET /v1/vendor-settlements/balances): a vendor user's own vendor always, for
 * staff the vendors in the filter (up to five); with the credits nothing used yet when there are.
 */
export const VendorBalance = () => {
  const translate = useTranslate();
  const { role } = useSession();
  const { filterValues } = useListContext();
  const own = role !== null && belongsToVendor(role);
  const named = own ? [] : codesOf(filterValues.vendorCode);
  const codes = named.slice(0, MAX_VENDOR_BALANCES);
  const enabled = own || codes.length > 0;
  const { data = [], isError } = useBalanceQuery<VendorBalanceRow>(
    [...VENDOR_BALANCES_KEY, { codes }],
    () => vendorSettlementActions.balances(codes),
    enabled,
  );
  if (!enabled) return null;
  return (
    <BalanceCard
      title={translate(`${t}.label`)}
      lines={data.map((row) => ({
        key: row.vendorCode,
        testId: `vendor-balance-${row.vendorCode}`,
        content: <Line row={row} />,
      }))}
      note={named.length > MAX_VENDOR_BALANCES ? translate(`${t}.first`, { count: MAX_VENDOR_BALANCES }) : undefined}
      error={isError ? translate(`${t}.error`) : undefined}
    />
  );
};
