import { cloneElement, type ReactElement } from 'react';
import { AutocompleteInput, NumberInput, ReferenceInput, SelectArrayInput, SelectInput, TextInput } from 'react-admin';
import { DateInput } from '../shared/DayInput';
import { PAYIN_STATUSES, type PayinView } from '../../../domain/payin';
import { statusChoices } from '../../i18n/codeLabels';
import type { PayinAccess } from './access';
import { CheckboxFilterInput, DatePresetInput, MerchantCodesInput, SourceFilterInput } from './FilterInputs';

interface FilterContext {
  view: PayinView;
  access: PayinAccess;
}

interface PayinFilter {
  source: string;
  input: ReactElement<{ source: string }>;
  /** Shown above the list; the others are added through "Add filter". */
  alwaysOn?: boolean;
  shown?: (c: FilterContext) => boolean;
}

const label = (source: string) => `resources.payins.filters.${source}`;
const seesMerchants = ({ access }: FilterContext) => access.seesMerchants;

const SORT_BY_NAME = { field: 'nickname', order: 'ASC' } as const;
const bankAccounts = (
  <ReferenceInput source="bankAccountId" reference="bank-accounts" filter={{ usedFor: 'PAYIN' }} sort={SORT_BY_NAME}>
    <AutocompleteInput
      label={label('bankAccountId')}
      optionText="nickname"
      filterToQuery={(q: string) => ({ nickname: q })}
      sx={{ minWidth: 200 }}
    />
  </ReferenceInput>
);

/**
 * The Deposit filters as data: each one is a query parameter of GET /v1/payins (server-side). The
 * status is fixed by the screen, except on All; the date presets fill `from` and `to` (IST days).
 */
const PAYIN_FILTERS: PayinFilter[] = [
  {
    source: 'status',
    alwaysOn: true,
    shown: ({ view }) => view === 'all',
    input: <SelectArrayInput source="status" choices={statusChoices(PAYIN_STATUSES)} sx={{ minWidth: 160 }} />,
  },
  {
    source: 'source',
    alwaysOn: true,
    input: <SourceFilterInput source="source" />,
  },
  { source: 'merchantCode', alwaysOn: true, shown: seesMerchants, input: <MerchantCodesInput source="merchantCode" /> },
  {
    source: 'includeSubMerchants',
    alwaysOn: true,
    shown: seesMerchants,
    input: <CheckboxFilterInput source="includeSubMerchants" />,
  },
  { source: 'utr', alwaysOn: true, input: <TextInput source="utr" /> },
  {
    source: 'shortCode',
    alwaysOn: true,
    shown: ({ access }) => access.seesShortCode,
    input: <TextInput source="shortCode" sx={{ width: 120 }} />,
  },
  { source: 'merchantOrderId', shown: seesMerchants, input: <TextInput source="merchantOrderId" /> },
  { source: 'customerId', shown: seesMerchants, input: <TextInput source="customerId" /> },
  { source: 'amount', input: <NumberInput source="amount" min={0} step={0.01} /> },
  { source: 'bankAccountId', shown: ({ access }) => access.staff, input: bankAccounts },
  { source: 'period', alwaysOn: true, input: <DatePresetInput source="period" /> },
  { source: 'from', alwaysOn: true, input: <DateInput source="from" /> },
  { source: 'to', alwaysOn: true, input: <DateInput source="to" /> },
  { source: 'staleMinutes', input: <NumberInput source="staleMinutes" min={1} step={1} /> },
  {
    source: 'callback',
    shown: ({ access }) => access.seesMerchants,
    input: <SelectInput source="callback" choices={[{ id: 'FAILED', name: 'resources.payins.callback.FAILED' }]} />,
  },
];

export const payinFilters = (context: FilterContext): ReactElement[] =>
  PAYIN_FILTERS.filter((f) => f.shown?.(context) ?? true).map((f) =>
    cloneElement(f.input as ReactElement<Record<string, unknown>>, {
      key: f.source,
      alwaysOn: f.alwaysOn,
      label: label(f.source),
    }),
  );
