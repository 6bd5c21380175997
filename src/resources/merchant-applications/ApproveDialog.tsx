import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { BooleanInput, Form, NumberInput, PasswordInput, TextInput, useTranslate } from 'react-admin';
import { post } from '../../providers/http';
import { useMerchants } from '../../merchants';
import { useToasts } from '../../notifications';
import type { MerchantKeys } from '../merchants/types';
import { useConfirmedSave } from '../shared/useConfirmedSave';
import { approvalBody, approvalValidators, type ApprovalField } from './approval';
import type { MerchantApplication } from './types';

interface Approved {
  merchant: { id: string; code: string; apiKey: string; signingSecret: string };
  userName: string;
}

/** A merchant code suggested from the business name: its letters and digits, upper case. */
const suggestCode = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30);

/** Approving creates the merchant and its first user, behind the password; the new API key is shown once. */
export const ApproveDialog = ({
  application,
  open,
  onClose,
  onApproved,
}: {
  application: MerchantApplication;
  open: boolean;
  onClose: () => void;
  /** Gets the new merchant's key and secret, to show once. */
  onApproved: (keys: MerchantKeys) => void;
}) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const { reload } = useMerchants();
  const label = (field: ApprovalField | 'testMode') =>
    translate(`resources.merchant-applications.approve.fields.${field}`);
  const v = approvalValidators(label);
  const { save, dialog } = useConfirmedSave('merchant-application.approve', {
    what: translate('resources.merchant-applications.approve.title', { name: application.businessName }),
  });

  const submit = (values: Record<string, unknown>) =>
    save(
      (headers) =>
        post<{ data: Approved }>(`/merchant-applications/${application.id}/approve`, approvalBody(values), {
          headers,
        }),
      ({ data: { merchant, userName } }) => {
        toasts.success(
          translate('app.toast.success'),
          translate('resources.merchant-applications.done.approved', { code: merchant.code, userName }),
        );
        onClose();
        reload();
        onApproved({ code: merchant.code, apiKey: merchant.apiKey, signingSecret: merchant.signingSecret });
      },
    );

  const grid = { display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="approve-title">
      <Form
        onSubmit={submit}
        noValidate
        defaultValues={{ code: suggestCode(application.businessName), testMode: true }}
      >
        <DialogTitle id="approve-title">
          {translate('resources.merchant-applications.approve.title', { name: application.businessName })}
        </DialogTitle>
        <DialogContent>
          <Box sx={grid}>
            <TextInput source="code" label={label('code')} validate={v.code} />
            <TextInput source="userName" label={label('userName')} validate={v.userName} autoComplete="off" />
            <PasswordInput
              source="password"
              label={label('password')}
              validate={v.password}
              autoComplete="new-password"
            />
            <NumberInput source="minPayin" label={label('minPayin')} validate={v.minPayin} min={0} step={0.01} />
            <NumberInput source="maxPayin" label={label('maxPayin')} validate={v.maxPayin} min={0} step={0.01} />
            <NumberInput
              source="payinFeePercent"
              label={label('payinFeePercent')}
              validate={v.payinFeePercent}
              min={0}
              max={100}
              step={0.01}
            />
            <NumberInput source="minPayout" label={label('minPayout')} validate={v.minPayout} min={0} step={0.01} />
            <NumberInput source="maxPayout" label={label('maxPayout')} validate={v.maxPayout} min={0} step={0.01} />
            <NumberInput
              source="payoutFeePercent"
              label={label('payoutFeePercent')}
              validate={v.payoutFeePercent}
              min={0}
              max={100}
              step={0.01}
            />
            <BooleanInput source="testMode" label={label('testMode')} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color="success">
            {translate('resources.merchant-applications.actions.approve')}
          </Button>
        </DialogActions>
      </Form>
      {dialog}
    </Dialog>
  );
};
