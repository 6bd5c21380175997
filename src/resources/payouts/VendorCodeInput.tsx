import { useEffect, useState } from 'react';
import { SelectInput, type Validator } from 'react-admin';
import { payoutActions } from './actions';

type Choice = { id: string; name: string };

/** The enabled vendors a pay-out may be given to (GET /v1/payouts/vendors), also for roles without the Vendor screen. */
const usePayoutVendors = () => {
  const [choices, setChoices] = useState<Choice[] | null>(null);
  useEffect(() => {
    let current = true;
    void payoutActions.vendors().then((result) => {
      if (!current) return;
      setChoices(result.error ? [] : result.data.data.map((v) => ({ id: v.code, name: `${v.code} — ${v.name}` })));
    });
    return () => {
      current = false;
    };
  }, []);
  return choices;
};

/** A vendor code chosen from the vendors pay-outs may be given to (Add Vendor, the vendor filter). */
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
  const choices = usePayoutVendors();
  return (
    <SelectInput
      source={source}
      label={label}
      choices={choices ?? []}
      isPending={choices === null}
      validate={validate}
      fullWidth={fullWidth}
      sx={{ minWidth: 180 }}
    />
  );
};
