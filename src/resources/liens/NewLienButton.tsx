import { DateInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { canDo } from '../../../domain/access';
import { istDayOf } from '../../../domain/format';
import { REFERENCE_FORMAT } from '../../../domain/formats';
import { isBlank, matches, required } from '../../../domain/validation';
import { useMerchants } from '../../merchants';
import { useSession } from '../../session/SessionProvider';
import { CreateDialogButton } from '../shared/CreateDialogButton';
import { RupeesInput } from '../shared/RupeesInput';
import { lienActions } from './actions';

const text = (value: unknown) => String(value ?? '').trim();

/** A day in IST, yyyy-mm-dd, not after today's. */
const notInFuture = (message: string) => (value: unknown) =>
  !isBlank(value) && String(value) > istDayOf(new Date()) ? message : undefined;

/**
 * "Add ChargeBack": staff record that a customer's bank took back the money of a successful pay-in;
 * the merchant's balance pays for it at once. The server checks the pay-in and names the field at fault.
 */
export const NewLienButton = () => {
  const translate = useTranslate();
  const { role } = useSession();
  const { merchants } = useMerchants();
  if (role === null || !canDo(role, 'liens', 'create')) return null;

  const t = (key: string) => translate(`resources.lien.create.${key}`);
  const choices = merchants.map((m) => ({ id: m.code, name: `${m.code} — ${m.name}` }));
  const reference = (source: string) => (
    <TextInput
      source={source}
      label={t(source)}
      validate={[required(t(source)), matches(t(source), REFERENCE_FORMAT)]}
      fullWidth
    />
  );
  const send = (values: Record<string, unknown>) =>
    lienActions.create({
      merchantCode: text(values.merchantCode),
      merchantOrderId: text(values.merchantOrderId),
      customerId: text(values.customerId),
      amount: Number(values.amount),
      receivedAt: text(values.receivedAt),
      reason: text(values.reason),
    });

  return (
    <CreateDialogButton label={t('open')} submitLabel={t('submit')} send={send} done={t('done')}>
      <SelectInput
        source="merchantCode"
        label={t('merchantCode')}
        choices={choices}
        validate={required(t('merchantCode'))}
        fullWidth
      />
      {reference('merchantOrderId')}
      {reference('customerId')}
      <RupeesInput label={t('amount')} />
      <DateInput
        source="receivedAt"
        label={t('receivedAt')}
        validate={[required(t('receivedAt')), notInFuture(t('future'))]}
        slotProps={{ htmlInput: { max: istDayOf(new Date()) } }}
        fullWidth
      />
      <TextInput
        source="reason"
        label={t('reason')}
        validate={required(t('reason'))}
        multiline
        slotProps={{ htmlInput: { maxLength: 200 } }}
        fullWidth
      />
    </CreateDialogButton>
  );
};
