import { NumberInput, TextInput, useTranslateLabel } from 'react-admin';
import { percentage, required } from '../../../domain/validation';
import type { Vendor } from './types';

/** What a vendor form sends: the API refuses any other field. */
export const vendorBody = (
  { code, name, payinCommissionPercent, payoutCommissionPercent }: Partial<Vendor>,
  withCode: boolean,
) => ({
  ...(withCode && { code }),
  name,
  payinCommissionPercent,
  payoutCommissionPercent,
});

/** The fields of the vendor form; the code is chosen once, at creation. */
export const VendorInputs = ({ isCreate = false }: { isCreate?: boolean }) => {
  const translateLabel = useTranslateLabel();
  const label = (source: keyof Vendor) => translateLabel({ source, resource: 'vendor' }) as string;
  return (
    <>
      <TextInput
        source="code"
        disabled={!isCreate}
        validate={isCreate ? required(label('code')) : undefined}
        helperText={false}
      />
      <TextInput source="name" validate={required(label('name'))} helperText={false} />
      {(['payinCommissionPercent', 'payoutCommissionPercent'] as const).map((source) => (
        <NumberInput
          key={source}
          source={source}
          validate={[required(label(source)), percentage(label(source))]}
          helperText={false}
        />
      ))}
    </>
  );
};
