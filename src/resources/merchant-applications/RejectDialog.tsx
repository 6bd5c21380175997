import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, TextInput, useRefresh, useTranslate } from 'react-admin';
import { required } from '../../../domain/validation';
import { post } from '../../providers/http';
import { useToasts } from '../../notifications';
import type { MerchantApplication } from './types';

/** Rejecting needs a reason, kept with the application. */
export const RejectDialog = ({
  application,
  open,
  onClose,
}: {
  application: MerchantApplication;
  open: boolean;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const label = translate('resources.merchant-applications.fields.reason');

  const submit = async (values: Record<string, unknown>) => {
    const result = await post(`/merchant-applications/${application.id}/reject`, {
      reason: String(values.reason ?? '').trim(),
    });
    if (result.error) {
      if (result.error.field) return { [result.error.field]: result.error.message };
      toasts.error(translate('app.toast.error'), result.error.message);
      return undefined;
    }
    toasts.success(
      translate('app.toast.success'),
      translate('resources.merchant-applications.done.rejected', { name: application.businessName }),
    );
    onClose();
    refresh();
    return undefined;
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="reject-title">
      <Form onSubmit={submit} noValidate>
        <DialogTitle id="reject-title">
          {translate('resources.merchant-applications.reject.title', { name: application.businessName })}
        </DialogTitle>
        <DialogContent>
          <TextInput source="reason" label={label} validate={required(label)} multiline minRows={3} fullWidth />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color="error">
            {translate('resources.merchant-applications.actions.reject')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
};
