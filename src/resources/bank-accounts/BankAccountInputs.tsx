import { Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  RadioButtonGroupInput,
  TextInput,
  useTranslate,
  useTranslateLabel,
} from 'react-admin';
import { BANK_FORMATS, USED_FOR } from '../../../domain/bank-account';
import { atLeast, isBlank, matches, required, rupees } from '../../../domain/validation';
import type { BankAccount } from './types';
import { useVendorChoices } from './useVendorChoices';

type Source = keyof BankAccount;

/** What the API takes on edit; creation adds the account's name, use, vendor and state. */
const EDITABLE = [
  'bankName',
  'holderName',
  'accountNumber',
  'ifsc',
  'upiId',
  'showQr',
  'showBankDetails',
  'minPayin',
  'maxPayin',
  'dailyLimit',
] as const;
const CREATE_ONLY = ['nickname', 'usedFor', 'vendorCode', 'enabled'] as const;

export const bankAccountBody = (values: Partial<BankAccount>, isCreate: boolean) => {
  const sources: readonly Source[] = isCreate ? [...CREATE_ONLY, ...EDITABLE] : EDITABLE;
  const body: Record<string, unknown> = Object.fromEntries(sources.map((source) => [source, values[source]]));
  // Left out when blank: the API then clears them (it would read a null limit as 0).
  // A blank account number on edit keeps the stored one (roles that see it masked).
  for (const source of ['upiId', 'dailyLimit', 'accountNumber']) if (isBlank(body[source])) delete body[source];
  return body;
};

const Cell = ({ children }: { children: ReactNode }) => <Grid size={{ xs: 12, sm: 6 }}>{children}</Grid>;

/**
 * The bank account form. The account's name, use and vendor are chosen once; `maskedNumber` is the
 * number as the server showed it when this role only sees its last digits.
 */
export const BankAccountInputs = ({
  isCreate = false,
  maskedNumber,
}: {
  isCreate?: boolean;
  maskedNumber?: string;
}) => {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const vendors = useVendorChoices();
  const label = (source: Source) => translateLabel({ source, resource: 'bank-accounts' }) as string;
  const text = (key: string, options?: object) => translate(`resources.bank-accounts.form.${key}`, options);
  const usedForChoices = USED_FOR.map((id) => ({ id, name: translate(`resources.bank-accounts.used_for.${id}`) }));

  return (
    <Grid container columnSpacing={2} sx={{ width: '100%', maxWidth: 760 }}>
      <Cell>
        <TextInput
          source="nickname"
          disabled={!isCreate}
          validate={
            isCreate ? [required(label('nickname')), matches(label('nickname'), BANK_FORMATS.nickname)] : undefined
          }
          helperText={isCreate ? text('nickname_help') : false}
        />
      </Cell>
      <Cell>
        <RadioButtonGroupInput
          source="usedFor"
          choices={usedForChoices}
          disabled={!isCreate}
          validate={isCreate ? required(label('usedFor')) : undefined}
          helperText={false}
        />
      </Cell>
      <Cell>
        <TextInput source="bankName" validate={required(label('bankName'))} helperText={false} />
      </Cell>
      <Cell>
        <TextInput source="holderName" validate={required(label('holderName'))} helperText={false} />
      </Cell>
      <Cell>
        <TextInput
          source="accountNumber"
          inputMode="numeric"
          validate={
            maskedNumber
              ? matches(label('accountNumber'), BANK_FORMATS.accountNumber)
              : [required(label('accountNumber')), matches(label('accountNumber'), BANK_FORMATS.accountNumber)]
          }
          helperText={maskedNumber ? text('masked_help', { masked: maskedNumber }) : false}
        />
      </Cell>
      <Cell>
        <TextInput
          source="ifsc"
          parse={(value: string) => value.toUpperCase()}
          validate={[required(label('ifsc')), matches(label('ifsc'), BANK_FORMATS.ifsc)]}
          helperText={false}
        />
      </Cell>
      <Cell>
        <TextInput source="upiId" validate={matches(label('upiId'), BANK_FORMATS.upiId)} helperText={false} />
      </Cell>
      <Cell>
        {isCreate && vendors.enabled ? (
          <AutocompleteInput
            source="vendorCode"
            choices={vendors.choices}
            isPending={vendors.isPending}
            validate={required(label('vendorCode'))}
            helperText={false}
          />
        ) : (
          <TextInput
            source="vendorCode"
            disabled={!isCreate}
            validate={isCreate ? required(label('vendorCode')) : undefined}
            helperText={false}
          />
        )}
      </Cell>
      <Grid size={{ xs: 12, sm: 4 }}>
        <NumberInput
          source="minPayin"
          validate={[required(label('minPayin')), rupees(label('minPayin'))]}
          helperText={false}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <NumberInput
          source="maxPayin"
          validate={[
            required(label('maxPayin')),
            rupees(label('maxPayin')),
            atLeast(label('maxPayin'), 'minPayin', label('minPayin')),
          ]}
          helperText={false}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <NumberInput
          source="dailyLimit"
          validate={[rupees(label('dailyLimit')), atLeast(label('dailyLimit'), 'maxPayin', label('maxPayin'))]}
          helperText={text('daily_limit_help')}
        />
      </Grid>
      <Grid size={12}>
        <Typography component="div" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
          <BooleanInput source="showQr" label={text('show_qr')} helperText={false} />
          <BooleanInput source="showBankDetails" label={text('show_bank_details')} helperText={false} />
          {isCreate && <BooleanInput source="enabled" helperText={false} />}
        </Typography>
      </Grid>
    </Grid>
  );
};
