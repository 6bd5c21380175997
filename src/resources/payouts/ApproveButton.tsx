import { useState } from 'react';
import DoneIcon from '@mui/icons-material/Done';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  Form,
  FormDataConsumer,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatRupees } from '../../../domain/format';
import { UTR_FORMAT, normaliseUtr } from '../../../domain/payin';
import { matches, required } from '../../../domain/validation';
import { useStatusLabel } from '../../i18n/codeLabels';
import type { BankAccount } from '../bank-accounts/types';
import { payoutActions } from './actions';
import { AwaitingCheck } from './AwaitingCheck';
import { Beneficiary } from './Beneficiary';
import { payoutName, useActionOutcome } from './RowActionButton';
import type { ApproveBody, Payout } from './types';
import { useEko } from './useEko';
import { usePayoutAccess } from './usePayoutAccess';

const PAYOUT_ACCOUNTS = { usedFor: 'PAYOUT', enabled: true };

/** The enabled pay-out accounts the user may pay from (a vendor's users only their vendor's: the server scopes them). */
const PayingAccountInput = ({ label }: { label: string }) => {
  const { data = [], isPending } = useGetList<BankAccount>('bank-accounts', {
    filter: PAYOUT_ACCOUNTS,
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'nickname', order: 'ASC' },
  });
  const choices = data.map((b) => ({ id: b.id, name: `${b.nickname} — ${b.bankName}` }));
  return (
    <SelectInput
      source="bankAccountId"
      label={label}
      choices={choices}
      isPending={isPending}
      validate={required(label)}
      fullWidth
    />
  );
};

/**
 * "Withdraw": pays an INITIATED pay-out by hand (the UTR and the pay-out account that paid) or
 * through Eko (staff only, and only when Eko is configured; otherwise the dialog says why).
 */
export const ApproveButton = () => {
  const record = useRecordContext<Payout>();
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  const outcome = useActionOutcome();
  const { may, staff } = usePayoutAccess();
  const [open, setOpen] = useState(false);
  const eko = useEko(open && staff);
  if (!record || !may('approve', record)) return null;
  if (record.awaitingAction) return <AwaitingCheck record={record} action="approve" />;

  const name = payoutName(record);
  const t = (key: string, options?: object) => translate(`resources.payouts.approve.${key}`, { name, ...options });
  const methods = [{ id: 'manual', name: t('manual') }, ...(eko?.available ? [{ id: 'eko', name: t('eko') }] : [])];
  const submit = async (values: Record<string, unknown>) => {
    const body: ApproveBody =
      values.method === 'eko'
        ? { method: 'eko' }
        : { method: 'manual', utr: normaliseUtr(String(values.utr)), bankAccountId: String(values.bankAccountId) };
    const result = await payoutActions.approve(record.id, body);
    if (!outcome(result, (answer) => t('done', { status: statusLabel(answer.status) }), name)) {
      const { field, message } = result.error!;
      return { ...(field && { [field]: message }), root: { serverError: message } };
    }
    setOpen(false);
    return undefined;
  };

  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={t('action')}>
        <IconButton size="small" color="success" aria-label={`${t('action')} ${name}`} onClick={() => setOpen(true)}>
          <DoneIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby="approve-title">
        <Form record={{ method: 'manual' }} onSubmit={submit} noValidate>
          <DialogTitle id="approve-title">{t('title')}</DialogTitle>
          <DialogContent>
            <Typography sx={{ mb: 1 }}>{t('content', { amount: formatRupees(record.amount) })}</Typography>
            <Beneficiary record={record} />
            <RadioButtonGroupInput source="method" label={t('method')} choices={methods} row />
            {staff && eko && !eko.available && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('eko_unavailable', { why: eko.why ?? '' })}
              </Alert>
            )}
            <FormDataConsumer>
              {({ formData }) =>
                formData.method === 'eko' ? (
                  <Alert severity="warning">{t('eko_note')}</Alert>
                ) : (
                  <>
                    <PayingAccountInput label={t('bank')} />
                    <TextInput
                      source="utr"
                      label={t('utr')}
                      validate={[required(t('utr')), matches(t('utr'), UTR_FORMAT)]}
                      fullWidth
                    />
                  </>
                )
              }
            </FormDataConsumer>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" color="success">
              {t('submit')}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
    </span>
  );
};
