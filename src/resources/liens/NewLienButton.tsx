import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { DateInput } from '../shared/DayInput';
import { canDo } from '../../../domain/access';
import { formatRupees, istDayOf } from '../../../domain/format';
import { REFERENCE_FORMAT } from '../../../domain/formats';
import { atMostRupees, isBlank, matches, required } from '../../../domain/validation';
import { useMerchants } from '../../merchants';
import { useSession } from '../../session/SessionProvider';
import { CreateDialogButton } from '../shared/CreateDialogButton';
import { RupeesInput } from '../shared/RupeesInput';
import { lienActions } from './actions';

const text = (value: unknown) => String(value ?? '').trim();

/** A day in IST, yyyy-mm-dd, not after today's. */
const notInFuture = (message: string) => (value: unknown) =>
  !isBlank(value) && String(value) > istDayOf(new Date()) ? message : undefined;

/** The pay-in a chargeback is raised from: its merchant, order and customer, and its most. */
export interface ChargedPayin {
  merchantCode: string;
  merchantOrderId: string;
  customerId: string;
  /** Rupees: the pay-in's confirmed amount, the most a chargeback may take back. */
  confirmedAmount: number;
}

/**
 * "Add ChargeBack": staff record that a customer's bank took back the money of a successful pay-in;
 * the merchant's balance pays for it at once. The server checks the pay-in and names the field at fault.
 * From a deposit's page ("Raise chargeback", issue 31 item 9) the form comes filled from the pay-in.
 */
export const NewLienButton = ({ from }: { from?: ChargedPayin }) => {
  const translate = useTranslate();
  const { role } = useSession();
  const { merchants } = useMerchants();
  if (role === null || !canDo(role, 'liens', 'create')) return null;

  const t = (key: string, options?: object) => translate(`resources.lien.create.${key}`, options);
  const record = from && {
    merchantCode: from.merchantCode,
    merchantOrderId: from.merchantOrderId,
    customerId: from.customerId,
    amount: String(from.confirmedAmount),
    receivedAt: istDayOf(new Date()),
  };
  const most =
    from && atMostRupees(t('too_much', { amount: formatRupees(from.confirmedAmount) }), from.confirmedAmount);
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
    <CreateDialogButton
      label={t(from ? 'raise' : 'open')}
      submitLabel={t('submit')}
      record={record}
      send={send}
      done={t('done')}
    >
      <SelectInput
        source="merchantCode"
        label={t('merchantCode')}
        choices={choices}
        validate={required(t('merchantCode'))}
        fullWidth
      />
      {reference('merchantOrderId')}
      {reference('customerId')}
      <RupeesInput label={t('amount')} limit={most} />
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
