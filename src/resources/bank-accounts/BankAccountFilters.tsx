import { AutocompleteInput, NullableBooleanInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { DateInput } from '../shared/DayInput';
import { istDayOf } from '../../../domain/format';
import { USED_FOR } from '../../../domain/bank-account';
import { belongsToVendor } from '../../../domain/scope';
import { useMerchants } from '../../merchants';
import { useSession } from '../../session/SessionProvider';
import { useVendorChoices } from './useVendorChoices';

/** The IST days the Balance column covers unless the user picks others: today. */
export const balanceDaysToday = (now: Date = new Date()) => ({ from: istDayOf(now), to: istDayOf(now) });

/**
 * The list's filters; a vendor user sees its own vendor only, so it gets no vendor filter. The
 * dates (IST days) choose the Balance column's range, not the rows.
 */
export const useBankAccountFilters = () => {
  const translate = useTranslate();
  const { role } = useSession();
  const vendors = useVendorChoices();
  const { merchants } = useMerchants();
  const usedFor = USED_FOR.map((id) => ({ id, name: translate(`resources.bank-accounts.used_for.${id}`) }));
  const merchantChoices = merchants.map((m) => ({ id: m.code, name: `${m.code} — ${m.name}` }));
  return [
    <TextInput key="nickname" source="nickname" alwaysOn />,
    <SelectInput key="usedFor" source="usedFor" choices={usedFor} alwaysOn />,
    ...(role && belongsToVendor(role)
      ? []
      : [
          vendors.enabled ? (
            <AutocompleteInput key="vendorCode" source="vendorCode" choices={vendors.choices} alwaysOn />
          ) : (
            <TextInput key="vendorCode" source="vendorCode" alwaysOn />
          ),
        ]),
    merchantChoices.length > 0 ? (
      <AutocompleteInput key="merchantCode" source="merchantCode" choices={merchantChoices} alwaysOn />
    ) : (
      <TextInput key="merchantCode" source="merchantCode" alwaysOn />
    ),
    <NullableBooleanInput key="enabled" source="enabled" alwaysOn />,
    <DateInput key="from" source="from" alwaysOn />,
    <DateInput key="to" source="to" alwaysOn />,
  ];
};
