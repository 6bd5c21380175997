import { BooleanField, DataTable } from 'react-admin';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { formatPercent, formatRange } from './merchantFormat';
import { MerchantEnabledSwitch } from './MerchantEnabledSwitch';
import type { Merchant } from './types';

const nowrap = () => ({ whiteSpace: 'nowrap' }) as const;

/**
 * The columns of a merchant row, shared by the list and the sub-merchant panel, which leaves out
 * the site and the creation time (an array: DataTable counts its columns).
 */
export const merchantColumns = ({ compact = false } = {}) =>
  [
    <DataTable.Col key="code" source="code" />,
    <DataTable.Col key="name" source="name" />,
    !compact && <DataTable.Col key="siteUrl" source="siteUrl" disableSort />,
    <DataTable.Col
      align="right"
      cellSx={nowrap}
      key="balance"
      source="balance"
      render={(r: Merchant) => formatRupees(r.balance)}
      disableSort
    />,
    <DataTable.Col
      key="payinRange"
      cellSx={nowrap}
      label="resources.merchant.fields.payinRange"
      render={(r: Merchant) => formatRange(r.minPayin, r.maxPayin)}
    />,
    <DataTable.Col
      align="right"
      cellSx={nowrap}
      key="payinFee"
      source="payinFeePercent"
      render={(r: Merchant) => formatPercent(r.payinFeePercent)}
      disableSort
    />,
    <DataTable.Col
      key="payoutRange"
      cellSx={nowrap}
      label="resources.merchant.fields.payoutRange"
      render={(r: Merchant) => formatRange(r.minPayout, r.maxPayout)}
    />,
    <DataTable.Col
      align="right"
      cellSx={nowrap}
      key="payoutFee"
      source="payoutFeePercent"
      render={(r: Merchant) => formatPercent(r.payoutFeePercent)}
      disableSort
    />,
    <DataTable.Col key="testMode" source="testMode" field={BooleanField} disableSort />,
    <DataTable.Col key="enabled" source="enabled" disableSort>
      <MerchantEnabledSwitch />
    </DataTable.Col>,
    !compact && (
      <DataTable.Col
        key="createdAt"
        source="createdAt"
        cellSx={nowrap}
        render={(r: Merchant) => formatDateTime(r.createdAt)}
      />
    ),
  ].filter(Boolean);
