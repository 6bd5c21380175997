import { cloneElement, type ReactElement } from 'react';
import { NumberInput, SelectArrayInput, SelectInput, TextInput } from 'react-admin';
import { DateInput } from '../shared/DayInput';
import { PAYOUT_METHODS, PAYOUT_STATUSES, type PayoutView } from '../../../domain/payout';
import { CheckboxFilterInput, DatePresetInput, MerchantCodesInput } from '../payins/FilterInputs';
import { statusChoices } from '../../i18n/codeLabels';
import type { PayoutAccess } from './access';
import { VendorCodeInput } from './VendorCodeInput';

interface FilterContext {
  view: PayoutView;
  access: PayoutAccess;
}

interface PayoutFilter {
  source: string;
  input: ReactElement<{ source: string }>;
  /** Shown above the list; the others are added through "Add filter". */
  alwaysOn?: boolean;
  shown?: (c: FilterContext) => boolean;
}

const label = (source: string) => `resources.payouts.filters.${source}`;
const seesMerchants = ({ access }: FilterContext) => access.seesMerchants;
const METHODS = PAYOUT_METHODS.map((id) => ({ id, name: `resources.payouts.methods.${id}` }));

/**
 * The Withdrawal filters as data: each one is a query parameter of GET /v1/payouts (server-side).
 * The status is fixed by the screen, except on All; the date presets fill `from` and `to` (IST days).
 */
const PAYOUT_FILTERS: PayoutFilter[] = [
  {
    source: 'status',
    alwaysOn: true,
    shown: ({ view }) => view === 'all',
    input: <SelectArrayInput source="status" choices={statusChoices(PAYOUT_STATUSES)} sx={{ minWidth: 160 }} />,
  },
  { source: 'merchantCode', alwaysOn: true, shown: seesMerchants, input: <MerchantCodesInput source="merchantCode" /> },
  {
    source: 'includeSubMerchants',
    alwaysOn: true,
    shown: seesMerchants,
    input: <CheckboxFilterInput source="includeSubMerchants" />,
  },
  { source: 'utr', alwaysOn: true, input: <TextInput source="utr" /> },
  { source: 'merchantOrderId', alwaysOn: true, shown: seesMerchants, input: <TextInput source="merchantOrderId" /> },
  { source: 'vendorCode', shown: ({ access }) => access.staff, input: <VendorCodeInput source="vendorCode" /> },
  {
    source: 'method',
    input: <SelectInput source="method" choices={METHODS} emptyText="resources.payouts.all" />,
  },
  { source: 'accountNumber', alwaysOn: true, input: <TextInput source="accountNumber" /> },
  { source: 'amount', input: <NumberInput source="amount" min={0} step={0.01} /> },
  { source: 'period', alwaysOn: true, input: <DatePresetInput source="period" /> },
  { source: 'from', alwaysOn: true, input: <DateInput source="from" /> },
  { source: 'to', alwaysOn: true, input: <DateInput source="to" /> },
];

export const payoutFilters = (context: FilterContext): ReactElement[] =>
  PAYOUT_FILTERS.filter((f) => f.shown?.(context) ?? true).map((f) =>
    cloneElement(f.input as ReactElement<Record<string, unknown>>, {
      key: f.source,
      alwaysOn: f.alwaysOn,
      label: label(f.source),
    }),
  );
