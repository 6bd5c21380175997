import { SelectInput, TextInput, type Validator } from 'react-admin';
import { useVendorChoices } from '../bank-accounts/useVendorChoices';

/**
 * A vendor code: chosen from the vendors for the roles that may read them, typed by the others
 * (OPERATIONS assigns pay-outs but may not read the vendor list; the server checks the code).
 */
export const VendorCodeInput = ({
  source,
  label,
  validate = [],
  fullWidth,
}: {
  source: string;
  label?: string;
  alwaysOn?: boolean;
  validate?: Validator[];
  fullWidth?: boolean;
}) => {
  const vendors = useVendorChoices();
  if (vendors.enabled)
    return (
      <SelectInput
        source={source}
        label={label}
        choices={vendors.choices}
        isPending={vendors.isPending}
        validate={validate}
        fullWidth={fullWidth}
        sx={{ minWidth: 180 }}
      />
    );
  return <TextInput source={source} label={label} validate={validate} fullWidth={fullWidth} />;
};
