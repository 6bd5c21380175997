import { cloneElement, type ReactElement } from 'react';
import { NumberInput, TextInput } from 'react-admin';
import { DateInput } from '../shared/DayInput';
import { CheckboxFilterInput, DatePresetInput, MerchantCodesInput } from '../payins/FilterInputs';

type Input = ReactElement<{ source: string }>;

/**
 * The ChargeBack filters as data: each one a query parameter of GET /v1/liens (server-side);
 * `from` and `to` are the IST days the chargebacks were received.
 */
const LIEN_FILTERS: [input: Input, alwaysOn: boolean][] = [
  [<MerchantCodesInput source="merchantCode" />, true],
  [<CheckboxFilterInput source="includeSubMerchants" />, true],
  [<TextInput source="merchantOrderId" />, true],
  [<TextInput source="customerId" />, true],
  [<NumberInput source="amount" min={0} step={0.01} />, false],
  [<DatePresetInput source="period" />, true],
  [<DateInput source="from" />, true],
  [<DateInput source="to" />, true],
];

export const lienFilters: ReactElement[] = LIEN_FILTERS.map(([input, alwaysOn]) =>
  cloneElement(input as ReactElement<Record<string, unknown>>, {
    key: input.props.source,
    alwaysOn,
    label: `resources.lien.filters.${input.props.source}`,
  }),
);
