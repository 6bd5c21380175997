import { cloneElement, type ReactElement } from 'react';
import { NumberInput, SelectArrayInput, SelectInput, TextInput } from 'react-admin';
import { DateInput } from '../shared/DayInput';
import { SETTLEMENT_STATUSES } from '../../../domain/settlement';
import { statusChoices } from '../../i18n/codeLabels';
import { DatePresetInput } from '../payins/FilterInputs';
import type { SettlementKind } from './kind';

type Input = ReactElement<{ source: string }>;

/**
 * The filters of both Settlements screens as data: each one a query parameter of the list
 * (server-side); `party` are the screen's own (merchant codes and sub-merchants, or vendor codes).
 * The date presets fill `from` and `to` (IST days).
 */
export const settlementFilters = (kind: SettlementKind, party: Input[]): ReactElement[] => {
  const methods = kind.methods.map((id) => ({ id, name: `resources.${kind.screen}.methods.${id}` }));
  const filters: [input: Input, alwaysOn: boolean][] = [
    [<SelectArrayInput source="status" choices={statusChoices(SETTLEMENT_STATUSES)} sx={{ minWidth: 160 }} />, true],
    ...party.map((input): [Input, boolean] => [input, true]),
    [<SelectInput source="method" choices={methods} emptyText={`resources.${kind.screen}.all`} />, false],
    [<NumberInput source="amount" min={0} step={0.01} />, false],
    [<TextInput source="accountNumber" />, true],
    [<TextInput source="reference" />, true],
    [<DatePresetInput source="period" />, true],
    [<DateInput source="from" />, true],
    [<DateInput source="to" />, true],
  ];
  return filters.map(([input, alwaysOn]) =>
    cloneElement(input as ReactElement<Record<string, unknown>>, {
      key: input.props.source,
      alwaysOn,
      label: `resources.${kind.screen}.filters.${input.props.source}`,
    }),
  );
};
