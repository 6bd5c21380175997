import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useStatusLabel } from '../../i18n/codeLabels';
import { useToasts } from '../../notifications';
import { approvedInQueue, queueActions, type QueuedRequest } from './queue';
import { RequestDetails } from './RequestDetails';
import { DialogError, RemarkField, remarkReady } from './RemarkField';

/** Where a request's record is opened: its show page, or its list. */
export const recordPath = (r: Pick<QueuedRequest, 'entity' | 'entityId'>) =>
  ({
    payins: `/app/deposit/all/${r.entityId}/show`,
    payouts: `/app/withdrawal/all/${r.entityId}/show`,
    settlements: `/app/settlements/${r.entityId}/show`,
    'vendor-settlements': `/app/vendorsettlements/${r.entityId}/show`,
    'bank-entries': '/app/add-data',
  })[r.entity];

/**
 * The checker's decision on one request, without retyping: Approve sends the maker's entries
 * (pay-outs; the others are approved on their record, behind the password), Reject ends the
 * request with a remark. An error stays in the dialog, once.
 */
export const CheckDialog = ({ request, onClose }: { request: QueuedRequest; onClose: () => void }) => {
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  const toasts = useToasts();
  const refresh = useRefresh();
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = (key: string, options?: object) => translate(`app.approvals.${key}`, options);
  const name = request.record?.name ?? request.entityId.slice(0, 8);

  const finish = (text: string) => {
    toasts.success(translate('app.toast.success'), text);
    onClose();
    refresh();
  };
  const approve = async () => {
    setBusy(true);
    const result = await queueActions.approve([request.entityId]);
    setBusy(false);
    if (result.error) return setError(result.error.message);
    const [answer] = result.data.data.results;
    if (!answer.ok) return setError(answer.error ?? '');
    finish(t('approved', { name, status: answer.status ? statusLabel(answer.status) : '' }));
  };
  const decline = async () => {
    setBusy(true);
    const result = await queueActions.decline([request], remark);
    setBusy(false);
    if (result.error) return setError(result.error.message);
    finish(t('declined', { smart_count: 1, name }));
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="check-title">
      <DialogTitle id="check-title">{t('check_title', { name })}</DialogTitle>
      <DialogContent>
        <RequestDetails request={request} />
        {request.mine ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('yours')}
          </Alert>
        ) : (
          <RemarkField value={remark} onChange={setRemark} />
        )}
        <DialogError error={error} />
      </DialogContent>
      <DialogActions>
        <Button component={Link} to={recordPath(request)} onClick={onClose}>
          {t('open')}
        </Button>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        {!request.mine && (
          <Button color="error" onClick={decline} disabled={busy || !remarkReady(remark)}>
            {t('reject')}
          </Button>
        )}
        {!request.mine && approvedInQueue(request) && (
          <Button variant="contained" color="success" onClick={approve} disabled={busy}>
            {t('approve')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
