import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Button, Form, NumberInput, SelectInput, TextInput, useRefresh, useTranslate } from 'react-admin';
import { formatRupees } from '../../../domain/format';
import { ACCOUNT_NUMBER_FORMAT, IFSC_FORMAT, REFERENCE_FORMAT } from '../../../domain/formats';
import { ACCOUNT_HOLDER_FORMAT } from '../../../domain/payout';
import { matches, required, rupees } from '../../../domain/validation';
import { useMerchants, type Merchant } from '../../merchants';
import { useToasts } from '../../notifications';
import { payoutActions } from './actions';
import { usePayoutAccess } from './usePayoutAccess';

type Values = Record<string, unknown>;

const text = (value: unknown) => String(value ?? '').trim();

/** The merchant's pay-out limits, as the server checks them. */
const withinLimits =
  (merchants: Merchant[], message: (min: string, max: string) => string) => (value: unknown, values: Values) => {
    const merchant = merchants.find((m) => m.code === values.merchantCode);
    const [min, max] = [Number(merchant?.minPayout), Number(merchant?.maxPayout)];
    const amount = Number(value);
    if (!merchant || value === '' || value === null || value === undefined || !Number.isFinite(amount))
      return undefined;
    if (Number.isFinite(min) && Number.isFinite(max) && (amount < min || amount > max))
      return message(formatRupees(min), formatRupees(max));
    return undefined;
  };

/**
 * "New Payout": staff create a pay-out for a merchant's customer through the same service as the
 * merchant API (its amount and fee held at once); the merchant's key never reaches the browser.
 */
export const NewPayoutButton = () => {
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const { merchants } = useMerchants();
  const { mayCreate } = usePayoutAccess();
  const [open, setOpen] = useState(false);
  if (!mayCreate) return null;

  const t = (key: string, options?: object) => translate(`resources.payouts.create.${key}`, options);
  const choices = merchants.map((m) => ({ id: m.code, name: `${m.code} — ${m.name}` }));
  const field = (source: string, ...checks: ((value: unknown, values: Values) => string | undefined)[]) => (
    <TextInput source={source} label={t(source)} validate={checks} fullWidth />
  );
  const submit = async (values: Values) => {
    const orderId = text(values.merchantOrderId);
    const result = await payoutActions.create({
      merchantCode: text(values.merchantCode),
      customerId: text(values.customerId),
      amount: Number(values.amount),
      bankName: text(values.bankName),
      accountNumber: text(values.accountNumber),
      accountHolder: text(values.accountHolder).replace(/\s+/g, ' '),
      ifsc: text(values.ifsc).toUpperCase(),
      ...(orderId && { merchantOrderId: orderId }),
    });
    if (result.error) {
      const { field: source, message } = result.error;
      if (!source) toasts.error(translate('app.toast.error'), message);
      return { ...(source && { [source]: message }), root: { serverError: message } };
    }
    toasts.success(translate('app.toast.success'), t('done', { id: result.data.data.merchantOrderId ?? '' }));
    setOpen(false);
    refresh();
    return undefined;
  };

  return (
    <>
      <Button label={t('open')} onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth aria-labelledby="new-payout-title">
        <Form onSubmit={submit} noValidate>
          <DialogTitle id="new-payout-title">{t('title')}</DialogTitle>
          <DialogContent>
            <SelectInput
              source="merchantCode"
              label={t('merchantCode')}
              choices={choices}
              validate={required(t('merchantCode'))}
              fullWidth
            />
            {field('customerId', required(t('customerId')), matches(t('customerId'), REFERENCE_FORMAT))}
            {field('bankName', required(t('bankName')))}
            {field('accountNumber', required(t('accountNumber')), matches(t('accountNumber'), ACCOUNT_NUMBER_FORMAT))}
            {field('accountHolder', required(t('accountHolder')), matches(t('accountHolder'), ACCOUNT_HOLDER_FORMAT))}
            {field('ifsc', required(t('ifsc')), matches(t('ifsc'), IFSC_FORMAT))}
            <NumberInput
              source="amount"
              label={t('amount')}
              validate={[
                required(t('amount')),
                rupees(t('amount')),
                withinLimits(merchants, (min, max) => t('limits', { min, max })),
              ]}
              min={0}
              step={0.01}
              fullWidth
            />
            {field('merchantOrderId', matches(t('merchantOrderId'), REFERENCE_FORMAT))}
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
            <MuiButton type="submit" variant="contained">
              {t('submit')}
            </MuiButton>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
};
