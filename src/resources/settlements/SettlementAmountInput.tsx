import { FormDataConsumer, TextInput, useTranslate } from 'react-admin';
import { formatRupees } from '../../../domain/format';
import { required, rupees } from '../../../domain/validation';
import { useMerchantBalances } from './useMerchantBalances';

const paise = (amount: number) => Math.round(amount * 100);

type Props = { label: string; prefix: string };

const AmountOf = ({ code, label, prefix }: Props & { code: string | undefined }) => {
  const translate = useTranslate();
  const { data } = useMerchantBalances(code ? [code] : [], false, Boolean(code));
  const available = code ? data?.find((b) => b.merchantCode === code)?.available : undefined;
  const notAboveAvailable = (value: unknown) =>
    available !== undefined && String(value ?? '').trim() !== '' && paise(Number(value)) > paise(available)
      ? translate(`${prefix}.above_available`, { merchant: code, amount: formatRupees(available) })
      : undefined;
  return (
    <TextInput
      source="amount"
      label={label}
      validate={[required(label), rupees(label), notAboveAvailable]}
      helperText={
        available !== undefined ? translate(`${prefix}.available`, { amount: formatRupees(available) }) : false
      }
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      fullWidth
    />
  );
};

/**
 * The amount of a new settlement: once the form names a merchant, its available money (its own
 * account) shows under the field and a larger amount is refused here; the server refuses it too
 * (409 INSUFFICIENT_BALANCE), which the dialog still shows.
 */
export const SettlementAmountInput = (props: Props) => (
  <FormDataConsumer>
    {({ formData }) => (
      <AmountOf {...props} code={typeof formData.merchantCode === 'string' ? formData.merchantCode : undefined} />
    )}
  </FormDataConsumer>
);
