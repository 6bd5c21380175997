import type { ReactNode } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import { AutocompleteInput, BooleanInput, FormDataConsumer, NumberInput, TextInput, useTranslate } from 'react-admin';
import { setsMerchantFees } from '../../../domain/merchant';
import { required } from '../../../domain/validation';
import { useMerchants } from '../../merchants';
import { useSession } from '../../session/SessionProvider';
import { merchantValidators, type MerchantField } from './merchantValidation';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ width: '100%', mb: 1 }}>
    <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
      {title}
    </Typography>
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 0, sm: 2 },
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  </Box>
);

/** Top-level merchants the user may see, as parent choices. */
const useParentChoices = () => {
  const { merchants } = useMerchants();
  return merchants.filter((m) => !m.parentCode).map((m) => ({ id: m.code, name: `${m.code} · ${m.name}` }));
};

/** Staff may leave the parent empty (a top-level merchant); a merchant admin's merchant always has one. */
const ParentInput = ({
  validate,
  required: needed,
}: {
  validate: ReturnType<typeof merchantValidators>['parentCode'];
  required: boolean;
}) => {
  const translate = useTranslate();
  const choices = useParentChoices();
  return (
    <AutocompleteInput
      source="parentCode"
      choices={choices}
      validate={needed ? [required(translate('resources.merchant.fields.parentCode')), ...validate] : validate}
      helperText={translate(needed ? 'resources.merchant.hints.parentRequired' : 'resources.merchant.hints.parentCode')}
      emptyText={needed ? undefined : translate('resources.merchant.hints.noParent')}
    />
  );
};

/** A merchant admin's new sub-merchant takes its parent's fees (the server refuses others): shown, not typed. */
const ParentFee = ({ field }: { field: 'payinFeePercent' | 'payoutFeePercent' }) => {
  const translate = useTranslate();
  const { merchants } = useMerchants();
  return (
    <FormDataConsumer>
      {({ formData }) => {
        const parent = merchants.find((m) => m.code === formData.parentCode);
        const value = parent ? `${Number(parent[field]).toFixed(2)} %` : '—';
        return (
          <TextField
            label={translate(`resources.merchant.fields.${field}`)}
            value={value}
            helperText={translate('resources.merchant.hints.feesLocked')}
            slotProps={{ input: { readOnly: true } }}
            size="small"
            margin="dense"
          />
        );
      }}
    </FormDataConsumer>
  );
};

/** The parent's fees, for the create transform of a role that does not set fees. */
export const useParentFees = () => {
  const { merchants } = useMerchants();
  return (parentCode: unknown) => {
    const parent = merchants.find((m) => m.code === parentCode);
    return parent ? { payinFeePercent: parent.payinFeePercent, payoutFeePercent: parent.payoutFeePercent } : {};
  };
};

/** The fields of a merchant, shared by create and edit; the code and the parent are set once, at creation. */
export const MerchantInputs = ({ isCreate = false }: { isCreate?: boolean }) => {
  const translate = useTranslate();
  const { role } = useSession();
  const label = (field: MerchantField) => translate(`resources.merchant.fields.${field}`);
  const v = merchantValidators(label);
  const feesLocked = role === null || !setsMerchantFees(role);
  const feeHint = feesLocked ? translate('resources.merchant.hints.feesLocked') : undefined;

  return (
    <>
      <Section title={translate('resources.merchant.sections.merchant')}>
        {isCreate && (
          <TextInput source="code" validate={v.code} helperText={translate('resources.merchant.hints.code')} />
        )}
        <TextInput source="name" validate={v.name} />
        {isCreate && <ParentInput validate={v.parentCode} required={feesLocked} />}
      </Section>
      <Section title={translate('resources.merchant.sections.addresses')}>
        <TextInput source="siteUrl" type="url" validate={v.siteUrl} />
        <TextInput source="returnUrl" type="url" validate={v.returnUrl} />
        <Box />
        <TextInput source="payinCallbackUrl" type="url" validate={v.payinCallbackUrl} />
        <TextInput source="payoutCallbackUrl" type="url" validate={v.payoutCallbackUrl} />
      </Section>
      <Section title={translate('resources.merchant.sections.payin')}>
        <NumberInput source="minPayin" min={0} step={0.01} validate={v.minPayin} />
        <NumberInput source="maxPayin" min={0} step={0.01} validate={v.maxPayin} />
        {isCreate && feesLocked ? (
          <ParentFee field="payinFeePercent" />
        ) : (
          <NumberInput
            source="payinFeePercent"
            min={0}
            max={100}
            step={0.01}
            validate={v.payinFeePercent}
            readOnly={feesLocked}
            helperText={feeHint}
          />
        )}
      </Section>
      <Section title={translate('resources.merchant.sections.payout')}>
        <NumberInput source="minPayout" min={0} step={0.01} validate={v.minPayout} />
        <NumberInput source="maxPayout" min={0} step={0.01} validate={v.maxPayout} />
        {isCreate && feesLocked ? (
          <ParentFee field="payoutFeePercent" />
        ) : (
          <NumberInput
            source="payoutFeePercent"
            min={0}
            max={100}
            step={0.01}
            validate={v.payoutFeePercent}
            readOnly={feesLocked}
            helperText={feeHint}
          />
        )}
      </Section>
      <Section title={translate('resources.merchant.sections.options')}>
        <BooleanInput source="testMode" helperText={translate('resources.merchant.hints.testMode')} />
        <BooleanInput source="disputesAllowed" />
      </Section>
    </>
  );
};
