import { useState } from 'react';
import EditIcon from '@mui/icons-material/EditNote';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip } from '@mui/material';
import { Form, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { UTR_FORMAT, normaliseUtr } from '../../../domain/payin';
import { mayCorrectUtr } from '../../../domain/payout';
import { matches, required } from '../../../domain/validation';
import { useConfirmedAction } from '../shared/useConfirmedAction';
import { payoutActions } from './actions';
import { payoutName, useActionOutcome } from './RowActionButton';
import type { Payout } from './types';
import { usePayoutAccess } from './usePayoutAccess';

/** A UTR is corrected only on paid pay-outs: those the Completed screen lists. */

/** "Edit UTR": ADMIN corrects the UTR of a paid pay-out after typing the password again (kind 'payout.utr'). */
export const EditUtrButton = () => {
  const record = useRecordContext<Payout>();
  const translate = useTranslate();
  const outcome = useActionOutcome();
  const { mayEditUtr } = usePayoutAccess();
  const [open, setOpen] = useState(false);
  const { send, dialog } = useConfirmedAction();
  if (!record || !mayEditUtr || !mayCorrectUtr(record.status)) return null;

  const name = payoutName(record);
  const t = (key: string, options?: object) => translate(`resources.payouts.edit_utr.${key}`, { name, ...options });
  const submit = async (values: Record<string, unknown>) => {
    const utr = normaliseUtr(String(values.utr));
    const result = await send('payout.utr', (headers) => payoutActions.editUtr(record.id, utr, headers), {
      what: t('what', { utr }),
      recordId: String(record.id),
    });
    if (!result) return undefined;
    if (!outcome(result, t('done', { utr }), name)) {
      const { field, message } = result.error!;
      return { ...(field && { [field]: message }), root: { serverError: message } };
    }
    setOpen(false);
    return undefined;
  };

  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={t('action')}>
        <IconButton size="small" color="primary" aria-label={`${t('action')} ${name}`} onClick={() => setOpen(true)}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth aria-labelledby="edit-utr-title">
        <Form record={{ utr: record.utr ?? '' }} onSubmit={submit} noValidate>
          <DialogTitle id="edit-utr-title">{t('title')}</DialogTitle>
          <DialogContent>
            <TextInput
              source="utr"
              label={t('utr')}
              validate={[required(t('utr')), matches(t('utr'), UTR_FORMAT)]}
              fullWidth
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('submit')}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
      {dialog}
    </span>
  );
};
