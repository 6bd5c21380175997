import { TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { AutocompleteArrayInput, useTranslate } from 'react-admin';
import { payoutActions } from '../../resources/payouts/actions';
import { CheckboxFilterInput, MerchantCodesInput } from '../../resources/payins/FilterInputs';

const label = (source: string) => `app.reports.filters.${source}`;

/** The enabled vendors (GET /v1/payouts/vendors), which staff may read without the Vendor screen. */
const VendorCodesInput = () => {
  const { data, isPending } = useQuery({
    queryKey: ['payouts', 'vendors'],
    queryFn: async () => {
      const result = await payoutActions.vendors();
      return result.error ? [] : result.data.data;
    },
  });
  const choices = (data ?? []).map((v) => ({ id: v.code, name: `${v.code} — ${v.name}` }));
  return (
    <AutocompleteArrayInput source="vendorCode" label={label('vendorCode')} choices={choices} isPending={isPending} />
  );
};

/** A vendor user's reports are its own vendor's: the code is shown, not chosen. */
const OwnVendorCode = ({ code }: { code: string }) => {
  const translate = useTranslate();
  return <TextField label={translate(label('ownVendorCode'))} value={code} slotProps={{ input: { readOnly: true } }} />;
};

/**
 * Whose rows: merchant codes among the merchants the user may see (the shell's list) with their
 * sub-merchants, or vendor codes; `ownVendor` is a vendor user's own code, null for staff.
 */
export const PartyInputs = ({ party, ownVendor }: { party: 'merchants' | 'vendors'; ownVendor: string | null }) => {
  if (party === 'merchants')
    return (
      <>
        <MerchantCodesInput source="merchantCode" label={label('merchantCode')} />
        <CheckboxFilterInput source="includeSubMerchants" label={label('includeSubMerchants')} />
      </>
    );
  return ownVendor === null ? <VendorCodesInput /> : <OwnVendorCode code={ownVendor} />;
};
