import { NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { DateInput } from '../shared/DayInput';
import { PAYMENT_SOURCES } from '../../../domain/payin';
import { USED_FILTER } from './usedFilter';
import { usePayinBanks } from './usePayinBanks';

/** The list's filters, all applied by the server; the dates are IST days. */
export const useBankEntryFilters = () => {
  const translate = useTranslate();
  const banks = usePayinBanks();
  const used = USED_FILTER.map((id) => ({ id, name: translate(`resources.add-data.used.${id}`) }));
  const sources = PAYMENT_SOURCES.map((id) => ({ id, name: id }));
  const all = translate('resources.add-data.all');
  return [
    <TextInput key="utr" source="utr" alwaysOn />,
    <SelectInput key="bankAccountId" source="bankAccountId" choices={banks.choices} emptyText={all} alwaysOn />,
    <NumberInput key="amount" source="amount" alwaysOn />,
    <TextInput key="amountCode" source="amountCode" alwaysOn />,
    <SelectInput key="used" source="used" choices={used} emptyText={all} alwaysOn />,
    <SelectInput key="source" source="source" choices={sources} emptyText={all} alwaysOn />,
    <DateInput key="from" source="from" alwaysOn />,
    <DateInput key="to" source="to" alwaysOn />,
    <NumberInput key="staleMinutes" source="staleMinutes" min={1} step={1} />,
  ];
};
