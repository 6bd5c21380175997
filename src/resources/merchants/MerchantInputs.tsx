import type { ReactNode } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import { AutocompleteInput, BooleanInput, FormDataConsumer, NumberInput, TextInput, useTranslate } from 'react-admin';
import { formatRupees } from '../../../domain/format';
import {
  STAFF_ONLY_MERCHANT_FIELDS,
  setsMerchantControls,
  type StaffOnlyMerchantField,
} from '../../../domain/merchant';
import { required } from '../../../domain/validation';
import { useMerchants } from '../../merchants';
import { useSession } from '../../session/SessionProvider';
import { IntentInputs } from './IntentInputs';
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

const STAFF_ONLY = Object.keys(STAFF_ONLY_MERCHANT_FIELDS) as StaffOnlyMerchantField[];

/**
 * One of the gateway's controls as a merchant role sees it: shown, not typed (the server refuses
 * changes). On create it is the parent's, which the new sub-merchant takes.
 */
const LockedControl = ({ field, fromParent }: { field: StaffOnlyMerchantField; fromParent: boolean }) => {
  const translate = useTranslate();
  const { merchants } = useMerchants();
  return (
    <FormDataConsumer>
      {({ formData }) => {
        const source = fromParent ? merchants.find((m) => m.code === formData.parentCode) : formData;
        const value = source?.[field];
        if (source && value === undefined) return null;
        const shown =
          value === undefined || value === null
            ? '—'
            : typeof value === 'boolean'
              ? translate(value ? 'ra.boolean.true' : 'ra.boolean.false')
              : field.endsWith('Percent')
                ? `${Number(value).toFixed(2)} %`
                : formatRupees(Number(value));
        return (
          <TextField
            label={translate(`resources.merchant.fields.${field}`)}
            value={shown}
            helperText={translate(`resources.merchant.hints.${fromParent ? 'feesLocked' : 'controlsLocked'}`)}
            slotProps={{ input: { readOnly: true } }}
            size="small"
            margin="dense"
          />
        );
      }}
    </FormDataConsumer>
  );
};

/** The parent's controls, for the create transform of a role that does not set them. */
export const useParentControls = () => {
  const { merchants } = useMerchants();
  return (parentCode: unknown) => {
    const parent = merchants.find((m) => m.code === parentCode);
    return Object.fromEntries(STAFF_ONLY.filter((f) => parent?.[f] !== undefined).map((f) => [f, parent?.[f]]));
  };
};

/** The fields of a merchant, shared by create and edit; the code and the parent are set once, at creation. */
export const MerchantInputs = ({ isCreate = false }: { isCreate?: boolean }) => {
  const translate = useTranslate();
  const { role } = useSession();
  const label = (field: MerchantField) => translate(`resources.merchant.fields.${field}`);
  const v = merchantValidators(label);
  const locked = role === null || !setsMerchantControls(role);
  const control = (field: StaffOnlyMerchantField, input: ReactNode) =>
    locked ? <LockedControl field={field} fromParent={isCreate} /> : input;
  const percent = (field: 'payinFeePercent' | 'payoutFeePercent') =>
    control(field, <NumberInput source={field} min={0} max={100} step={0.01} validate={v[field]} />);

  return (
    <>
      <Section title={translate('resources.merchant.sections.merchant')}>
        {isCreate && (
          <TextInput source="code" validate={v.code} helperText={translate('resources.merchant.hints.code')} />
        )}
        <TextInput source="name" validate={v.name} />
        {isCreate && <ParentInput validate={v.parentCode} required={locked} />}
      </Section>
      <Section title={translate('resources.merchant.sections.addresses')}>
        <TextInput source="siteUrl" type="url" validate={v.siteUrl} />
        <TextInput source="returnUrl" type="url" validate={v.returnUrl} />
        <Box />
        <TextInput source="payinCallbackUrl" type="url" validate={v.payinCallbackUrl} />
        <TextInput source="payoutCallbackUrl" type="url" validate={v.payoutCallbackUrl} />
      </Section>
      <Section title={translate('resources.merchant.sections.payin')}>
        {control('minPayin', <NumberInput source="minPayin" min={0} step={0.01} validate={v.minPayin} />)}
        {control('maxPayin', <NumberInput source="maxPayin" min={0} step={0.01} validate={v.maxPayin} />)}
        {percent('payinFeePercent')}
      </Section>
      <Section title={translate('resources.merchant.sections.payout')}>
        {control('minPayout', <NumberInput source="minPayout" min={0} step={0.01} validate={v.minPayout} />)}
        {control('maxPayout', <NumberInput source="maxPayout" min={0} step={0.01} validate={v.maxPayout} />)}
        {percent('payoutFeePercent')}
      </Section>
      <Section title={translate('resources.merchant.sections.options')}>
        {control(
          'testMode',
          <BooleanInput source="testMode" helperText={translate('resources.merchant.hints.testMode')} />,
        )}
        {control('disputesAllowed', <BooleanInput source="disputesAllowed" />)}
        {!isCreate && <IntentInputs />}
      </Section>
    </>
  );
};
