import { useState } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip } from '@mui/material';
import { Form, FormDataConsumer, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { PAYOUT_REJECTION_REASONS, type PayoutRejectionReason } from '../../../domain/payout';
import { required } from '../../../domain/validation';
import { payoutActions } from './actions';
import { payoutName, useActionOutcome } from './RowActionButton';
import type { Payout } from './types';
import { usePayoutAccess } from './usePayoutAccess';

/** SPEC §8's reasons, exactly; the last one, Other, needs a text saying why. */
const REASONS = PAYOUT_REJECTION_REASONS.map((id) => ({ id, name: id }));
const OTHER: PayoutRejectionReason = PAYOUT_REJECTION_REASONS[PAYOUT_REJECTION_REASONS.length - 1];

/** Rejects an INITIATED pay-out with its reason: REJECTED, the merchant's hold released. */
export const RejectButton = () => {
  const record = useRecordContext<Payout>();
  const translate = useTranslate();
  const outcome = useActionOutcome();
  const { may } = usePayoutAccess();
  const [open, setOpen] = useState(false);
  if (!record || !may('reject', record)) return null;

  const name = payoutName(record);
  const t = (key: string) => translate(`resources.payouts.reject.${key}`, { name });
  const submit = async (values: Record<string, unknown>) => {
    const reason = values.reason as PayoutRejectionReason;
    const text = reason === OTHER ? String(values.text ?? '').trim() : undefined;
    const result = await payoutActions.reject(record.id, { reason, ...(text && { text }) });
    if (!outcome(result, t('done'), name)) {
      const { field, message } = result.error!;
      return { ...(field && { [field]: message }), root: { serverError: message } };
    }
    setOpen(false);
    return undefined;
  };

  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={t('action')}>
        <IconButton size="small" color="error" aria-label={`${t('action')} ${name}`} onClick={() => setOpen(true)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby="reject-title">
        <Form onSubmit={submit} noValidate>
          <DialogTitle id="reject-title">{t('title')}</DialogTitle>
          <DialogContent>
            <SelectInput
              source="reason"
              label={t('reason')}
              choices={REASONS}
              validate={required(t('reason'))}
              fullWidth
            />
            <FormDataConsumer>
              {({ formData }) =>
                formData.reason === OTHER && (
                  <TextInput
                    source="text"
                    label={t('text')}
                    validate={required(t('text'))}
                    multiline
                    slotProps={{ htmlInput: { maxLength: 200 } }}
                    fullWidth
                  />
                )
              }
            </FormDataConsumer>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained" color="error">
              {t('submit')}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
    </span>
  );
};
