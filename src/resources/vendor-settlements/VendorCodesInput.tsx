import { AutocompleteArrayInput } from 'react-admin';
import { useVendorChoices } from '../bank-accounts/useVendorChoices';

/** The vendor codes to filter by, from the Vendor screen's list (staff who may read it). */
export const VendorCodesInput = ({ source, label }: { source: string; label?: string; alwaysOn?: boolean }) => {
  const { choices, isPending } = useVendorChoices();
  return (
    <AutocompleteArrayInput
      source={source}
      label={label}
      choices={choices}
      isPending={isPending}
      sx={{ minWidth: 220 }}
    />
  );
};
