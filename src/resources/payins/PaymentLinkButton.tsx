import { useState } from 'react';
import AddLinkIcon from '@mui/icons-material/AddLink';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
  Tooltip,
} from '@mui/material';
import { BooleanInput, Button, Form, NumberInput, SelectInput, TextInput, useRefresh, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../domain/format';
import { required, rupees } from '../../../domain/validation';
import { useMerchants } from '../../merchants';
import { useToasts } from '../../notifications';
import { payinActions } from './actions';
import type { PaymentLink } from './types';
import { usePayinAccess } from './usePayinAccess';

const LinkCreated = ({ link }: { link: PaymentLink }) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const t = (key: string, options?: object) => translate(`resources.payins.link.${key}`, options);
  const copy = async () => {
    await navigator.clipboard?.writeText(link.payUrl);
    toasts.success(translate('resources.payins.copied'), link.payUrl);
  };
  return (
    <>
      <Alert severity="success" sx={{ mb: 2 }}>
        {t('created')}. {t('expires', { at: formatDateTime(link.expiresAt) })}
      </Alert>
      <TextField
        label={t('url')}
        value={link.payUrl}
        fullWidth
        slotProps={{
          input: {
            readOnly: true,
            sx: { fontFamily: 'monospace' },
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={translate('resources.payins.copy')}>
                  <IconButton
                    onClick={copy}
                    aria-label={`${translate('resources.payins.copy')} ${t('url')}`}
                    edge="end"
                  >
                    <ContentCopyIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
    </>
  );
};

/**
 * A payment link for a merchant's customer, made by the server with the merchant's settings (its
 * API key never reaches the browser); shown once with a copy button.
 */
export const PaymentLinkButton = () => {
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const { merchants } = useMerchants();
  const { mayNotify } = usePayinAccess();
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState<PaymentLink | null>(null);
  if (!mayNotify) return null;

  const t = (key: string) => translate(`resources.payins.link.${key}`);
  const choices = merchants.map((m) => ({ id: m.code, name: `${m.code} — ${m.name}` }));
  const close = () => {
    setOpen(false);
    setLink(null);
  };
  const submit = async (values: Record<string, unknown>) => {
    const amount =
      values.amount === null || values.amount === undefined || values.amount === '' ? undefined : Number(values.amount);
    const result = await payinActions.createLink({
      merchantCode: String(values.merchantCode),
      customerId: String(values.customerId).trim(),
      ...(amount !== undefined && { amount }),
      test: values.test === true,
    });
    if (result.error) {
      const { field, message } = result.error;
      if (!field) toasts.error(translate('app.toast.error'), message);
      return { ...(field && { [field]: message }), root: { serverError: message } };
    }
    setLink(result.data.data);
    refresh();
    return undefined;
  };

  return (
    <>
      <Button label={t('open')} onClick={() => setOpen(true)}>
        <AddLinkIcon />
      </Button>
      <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="payment-link-title">
        <DialogTitle id="payment-link-title">{t('title')}</DialogTitle>
        {link ? (
          <>
            <DialogContent>
              <LinkCreated link={link} />
            </DialogContent>
            <DialogActions>
              <MuiButton variant="contained" onClick={close}>
                {t('done')}
              </MuiButton>
            </DialogActions>
          </>
        ) : (
          <Form onSubmit={submit} noValidate record={{ test: false }}>
            <DialogContent>
              <SelectInput
                source="merchantCode"
                label={t('merchant')}
                choices={choices}
                validate={required(t('merchant'))}
                fullWidth
              />
              <TextInput source="customerId" label={t('customer')} validate={required(t('customer'))} fullWidth />
              <NumberInput
                source="amount"
                label={t('amount')}
                helperText={t('amount_help')}
                validate={rupees(t('amount'))}
                min={0}
                step={0.01}
                fullWidth
              />
              <BooleanInput source="test" label={t('test')} />
            </DialogContent>
            <DialogActions>
              <MuiButton onClick={close}>{translate('ra.action.cancel')}</MuiButton>
              <MuiButton type="submit" variant="contained">
                {t('create')}
              </MuiButton>
            </DialogActions>
          </Form>
        )}
      </Dialog>
    </>
  );
};
