import { SelectInput, useTranslate } from 'react-admin';
import { SETTLEMENT_METHODS, SETTLEMENT_REQUESTERS, type SettlementMethod } from '../../../domain/settlement';
import { required } from '../../../domain/validation';
import { useMerchants } from '../../merchants';
import { useSession } from '../../session/SessionProvider';
import { CreateDialogButton } from '../shared/CreateDialogButton';
import { useSettlementAccess } from './access';
import { settlementActions } from './actions';
import { DestinationInputs, destinationOf } from './DestinationInputs';
import { SettlementAmountInput } from './SettlementAmountInput';

const prefix = 'resources.settlements.create';
/** What a merchant's user may ask for: a bank transfer of its own balance, which staff then approve. */
const REQUESTED: readonly SettlementMethod[] = ['BANK'];

/**
 * "Add Settlement" (staff: any merchant, any method) or "Request Settlement" (a merchant's user:
 * one of its own merchant codes, BANK only). Created INITIATED, its amount held on the balance; no
 * more than the merchant's available money.
 */
export const NewSettlementButton = () => {
  const translate = useTranslate();
  const { role, code } = useSession();
  const { merchants } = useMerchants();
  const { mayCreate } = useSettlementAccess();
  if (!mayCreate || role === null) return null;

  const t = (key: string, options?: object) => translate(`${prefix}.${key}`, options);
  const requester = SETTLEMENT_REQUESTERS.includes(role);
  const nameOf = (c: string) => merchants.find((m) => m.code === c)?.name;
  const codes = requester ? code : merchants.map((m) => m.code);
  const choices = codes.map((c) => ({ id: c, name: nameOf(c) ? `${c} — ${nameOf(c)}` : c }));
  const methods = (requester ? REQUESTED : SETTLEMENT_METHODS).map((id) => ({
    id,
    name: `resources.settlements.methods.${id}`,
  }));
  const label = t(requester ? 'request' : 'open');

  const send = (values: Record<string, unknown>) => {
    const method = values.method as SettlementMethod;
    return settlementActions.create({
      merchantCode: String(values.merchantCode),
      amount: Number(values.amount),
      method,
      ...destinationOf(method, values),
    });
  };

  return (
    <CreateDialogButton
      label={label}
      submitLabel={t('submit')}
      record={{ method: requester ? 'BANK' : undefined, merchantCode: codes.length === 1 ? codes[0] : undefined }}
      send={send}
      done={t(requester ? 'requested' : 'done')}
    >
      <SelectInput
        source="merchantCode"
        label={t('merchantCode')}
        choices={choices}
        validate={required(t('merchantCode'))}
        fullWidth
      />
      <SettlementAmountInput label={t('amount')} prefix={prefix} />
      <SelectInput source="method" label={t('method')} choices={methods} validate={required(t('method'))} fullWidth />
      <DestinationInputs prefix={prefix} />
    </CreateDialogButton>
  );
};
