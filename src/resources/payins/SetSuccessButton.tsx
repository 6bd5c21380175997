import { useState } from 'react';
import DoneIcon from '@mui/icons-material/TaskAlt';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Tooltip,
} from '@mui/material';
import {
  Form,
  NumberInput,
  SelectInput,
  TextInput,
  useGetOne,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { formatRupees } from '../../../domain/format';
import { canTransition, transitionOf } from '../../../domain/payin';
import { required, rupees } from '../../../domain/validation';
import { useToasts } from '../../notifications';
import { useConfirmedAction } from '../shared/useConfirmedAction';
import { payinActions } from './actions';
import type { CheckerRequest, Payin } from './types';
import { usePayinAccess } from './usePayinAccess';

/** The only status staff may set a disputed, duplicate or pending pay-in to. */
const SET_TO = transitionOf('confirm').to.map((id) => ({ id, name: id }));

/**
 * "Update transaction": sets a DISPUTE, DUPLICATE, PENDING or IMG_PENDING pay-in to SUCCESS with
 * the amount the bank shows, behind the password (kind 'payin.confirm'); pessimistic, so the list
 * changes only once the server has answered.
 */
export const SetSuccessButton = () => {
  const record = useRecordContext<Payin>();
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const { mayConfirm } = usePayinAccess();
  const [open, setOpen] = useState(false);
  const { send, dialog } = useConfirmedAction();
  const { data: detail } = useGetOne<Payin & { checkerRequest?: CheckerRequest | null }>(
    'payins',
    { id: record?.id ?? '' },
    { enabled: open && Boolean(record?.id) },
  );
  const waiting = detail?.checkerRequest ?? null;
  if (!record || !mayConfirm || !canTransition('confirm', record.status)) return null;

  const t = (key: string, options?: object) => translate(`resources.payins.confirm.${key}`, options);
  const amountLabel = t('confirmed_amount');
  const submit = async (values: Record<string, unknown>) => {
    const amount = Number(values.confirmedAmount);
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    const body = { confirmedAmount: amount, utr: text(values.utr), reason: text(values.reason) };
    const what = t('what', { code: record.shortCode, amount: formatRupees(amount) });
    const result = await send('payin.confirm', (headers) => payinActions.confirm(record.id, body, headers), {
      what,
      recordId: String(record.id),
    });
    if (!result) return undefined;
    if (result.error) {
      const { field, message } = result.error;
      toasts.error(translate('app.toast.error'), message);
      return { ...(field && { [field]: message }), root: { serverError: message } };
    }
    setOpen(false);
    if (result.data.data.awaitingChecker)
      toasts.success(translate('app.toast.success'), t('waiting', { code: record.shortCode }));
    else toasts.success(translate('app.toast.success'), t('done', { code: record.shortCode }));
    refresh();
    return undefined;
  };
  const values = {
    ...record,
    amountText: formatRupees(record.amount),
    setTo: SET_TO[0].id,
    confirmedAmount: waiting?.confirmedAmount ?? record.confirmedAmount ?? record.amount ?? undefined,
    utr: waiting?.utr && waiting.utr !== record.submittedUtr ? waiting.utr : undefined,
  };
  const readOnly = (source: string, labelKey: string) => (
    <TextInput source={source} label={t(labelKey)} readOnly helperText={false} />
  );

  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={t('action')}>
        <IconButton
          size="small"
          color="success"
          aria-label={`${t('action')} ${record.shortCode}`}
          onClick={() => setOpen(true)}
        >
          <DoneIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby="set-success-title">
        <Form record={values} onSubmit={submit} noValidate>
          <DialogTitle id="set-success-title">{t('title', { code: record.shortCode })}</DialogTitle>
          <DialogContent>
            <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: '1fr 1fr' }}>
              {readOnly('submittedUtr', 'submitted_utr')}
              {readOnly('utr', 'bank_utr')}
              {readOnly('amountText', 'amount')}
              <SelectInput source="setTo" label={t('set_to')} choices={SET_TO} validate={required(t('set_to'))} />
            </Box>
            <NumberInput
              source="confirmedAmount"
              label={amountLabel}
              validate={[required(amountLabel), rupees(amountLabel)]}
              min={0}
              step={0.01}
              fullWidth
            />
            <TextInput source="utr" label={t('utr')} helperText={t('utr_help')} fullWidth />
            <TextInput source="reason" label={t('reason')} helperText={t('reason_help')} multiline fullWidth />
            {waiting && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('asked_by', {
                  maker: waiting.maker,
                  amount: formatRupees(waiting.confirmedAmount ?? 0),
                  utr: waiting.utr ?? '—',
                  reason: waiting.reason ?? '',
                })}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" color="success">
              {t('submit')}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
      {dialog}
    </span>
  );
};
