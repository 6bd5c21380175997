import { FormDataConsumer, SelectInput, TextInput, useTranslate } from 'react-admin';
import { UTR_FORMAT, normaliseUtr } from '../../../domain/payin';
import { VENDOR_SETTLEMENT_METHODS, isInternalTransfer, type VendorSettlementMethod } from '../../../domain/settlement';
import { matches, required } from '../../../domain/validation';
import { useVendorChoices } from '../bank-accounts/useVendorChoices';
import { useSettlementAccess } from '../settlements/access';
import { DestinationInputs, destinationOf } from '../settlements/DestinationInputs';
import { CreateDialogButton } from '../shared/CreateDialogButton';
import { RupeesInput } from '../shared/RupeesInput';
import { vendorSettlementActions } from './actions';

const prefix = 'resources.vendorsettlements.create';
const METHODS = VENDOR_SETTLEMENT_METHODS.map((id) => ({ id, name: `resources.vendorsettlements.methods.${id}` }));
const internal = (values: Record<string, unknown>) =>
  typeof values.method === 'string' && isInternalTransfer(values.method as VendorSettlementMethod);

/**
 * "Add Settlement" for a vendor (staff): paid by bank, cash, AED or crypto (INITIATED, approved
 * later), or an internal transfer the vendor already made to one of the gateway's accounts, proved
 * by the UTR of that account's un-used bank entry of the same amount (SUCCESS at once).
 */
export const NewVendorSettlementButton = () => {
  const translate = useTranslate();
  const { choices, isPending } = useVendorChoices();
  const { mayCreate } = useSettlementAccess();
  if (!mayCreate) return null;

  const t = (key: string) => translate(`${prefix}.${key}`);
  const send = (values: Record<string, unknown>) => {
    const method = values.method as VendorSettlementMethod;
    return vendorSettlementActions.create({
      vendorCode: String(values.vendorCode),
      amount: Number(values.amount),
      method,
      ...destinationOf(method, values),
      ...(internal(values) && { utr: normaliseUtr(String(values.utr ?? '')) }),
    });
  };

  return (
    <CreateDialogButton
      label={t('open')}
      submitLabel={t('submit')}
      send={send}
      done={(values) => t(internal(values) ? 'done_internal' : 'done')}
    >
      <SelectInput
        source="vendorCode"
        label={t('vendorCode')}
        choices={choices}
        isPending={isPending}
        validate={required(t('vendorCode'))}
        fullWidth
      />
      <RupeesInput label={t('amount')} />
      <SelectInput source="method" label={t('method')} choices={METHODS} validate={required(t('method'))} fullWidth />
      <DestinationInputs prefix={prefix} />
      <FormDataConsumer>
        {({ formData }) =>
          internal(formData) && (
            <TextInput
              source="utr"
              label={t('utr')}
              helperText={t('utr_help')}
              validate={[required(t('utr')), matches(t('utr'), UTR_FORMAT)]}
              fullWidth
            />
          )
        }
      </FormDataConsumer>
    </CreateDialogButton>
  );
};
