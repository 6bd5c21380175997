import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import { formatRupees } from '../../../domain/format';
import { useToasts } from '../../notifications';
import { DialogError, RemarkField, remarkReady } from './RemarkField';
import { queueActions, type QueuedRequest } from './queue';

/** Approve or reject the chosen pay-out requests, after one confirmation that names their count and total. */
export const BulkCheckButtons = ({ chosen, onDone }: { chosen: QueuedRequest[]; onDone: () => void }) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = (key: string, options?: object) => translate(`app.approvals.${key}`, options);
  const count = chosen.length;
  const total = chosen.reduce((sum, r) => sum + Math.round((r.record?.amount ?? 0) * 100), 0) / 100;

  const close = () => {
    setAsking(null);
    setError(null);
    setRemark('');
  };
  const run = async () => {
    setBusy(true);
    if (asking === 'approve') {
      const result = await queueActions.approve(chosen.map((r) => r.entityId));
      setBusy(false);
      if (result.error) return setError(result.error.message);
      const { results } = result.data.data;
      const ok = results.filter((r) => r.ok).length;
      const failed = results.filter((r) => !r.ok);
      const text = t('bulk_approved', { ok, failed: failed.length });
      if (failed.length === 0) toasts.success(translate('app.toast.success'), text);
      else toasts.warning(translate('app.toast.warning'), `${text} ${failed.map((r) => r.error).join(' ')}`);
    } else {
      const result = await queueActions.decline(chosen, remark);
      setBusy(false);
      if (result.error) return setError(result.error.message);
      toasts.success(translate('app.toast.success'), t('declined', { smart_count: count, name: '' }));
    }
    close();
    onDone();
    refresh();
  };

  return (
    <>
      <Typography variant="body2">{t('chosen', { smart_count: count, total: formatRupees(total) })}</Typography>
      <Button variant="contained" color="success" size="small" onClick={() => setAsking('approve')}>
        {t('bulk_approve', { smart_count: count })}
      </Button>
      <Button variant="outlined" color="error" size="small" onClick={() => setAsking('reject')}>
        {t('bulk_reject', { smart_count: count })}
      </Button>
      <Dialog open={asking !== null} onClose={close} maxWidth="xs" fullWidth aria-labelledby="bulk-check-title">
        <DialogTitle id="bulk-check-title">
          {asking && t(`bulk_${asking}_title`, { smart_count: count, total: formatRupees(total) })}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2">{asking && t(`bulk_${asking}_content`)}</Typography>
          {asking === 'reject' && <RemarkField value={remark} onChange={setRemark} />}
          <DialogError error={error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            variant="contained"
            color={asking === 'reject' ? 'error' : 'success'}
            onClick={run}
            disabled={busy || (asking === 'reject' && !remarkReady(remark))}
          >
            {t('confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
