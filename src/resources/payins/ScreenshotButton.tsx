import { useState, type FormEvent } from 'react';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
  Tooltip,
} from '@mui/material';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { UTR_FORMAT, canTransition, normaliseUtr } from '../../../domain/payin';
import { matches, required } from '../../../domain/validation';
import { useToasts } from '../../notifications';
import { payinActions } from './actions';
import type { Payin } from './types';
import { ScreenshotViewer, useScreenshot } from './ScreenshotViewer';
import { usePayinAccess } from './usePayinAccess';

const ScreenshotDialog = ({ record, onClose }: { record: Payin; onClose: () => void }) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const image = useScreenshot(record.id);
  const [utr, setUtr] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = (key: string) => translate(`resources.payins.screenshot.${key}`, { code: record.shortCode });
  const label = t('add_utr');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = normaliseUtr(utr);
    const invalid = required(label)(value) ?? matches(label, UTR_FORMAT)(value);
    if (invalid) return setError(invalid);
    setBusy(true);
    const result = await payinActions.enterUtr(record.id, value);
    setBusy(false);
    if (result.error) return setError(result.error.message);
    toasts.success(translate('app.toast.success'), t('done'));
    onClose();
    refresh();
  };

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="screenshot-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="screenshot-title">{t('title')}</DialogTitle>
        <DialogContent>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 280px' },
              alignItems: 'start',
            }}
          >
            <ScreenshotViewer image={image} alt={t('alt')} loading={t('loading')} />
            <Box sx={{ pt: { md: 1 } }}>
              <TextField
                label={label}
                value={utr}
                onChange={(event) => {
                  setUtr(event.target.value);
                  setError(null);
                }}
                error={error !== null}
                helperText={error ?? ' '}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
                autoFocus
                fullWidth
              />
            </Box>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

/** On an IMG_PENDING pay-in with a screenshot: staff view it and type the UTR it shows. */
export const ScreenshotButton = () => {
  const record = useRecordContext<Payin>();
  const translate = useTranslate();
  const { mayEnterUtr } = usePayinAccess();
  const [open, setOpen] = useState(false);
  if (!record || !mayEnterUtr || !record.hasScreenshot || !canTransition('enter-utr', record.status)) return null;
  const label = translate('resources.payins.screenshot.open');
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={`${label} ${record.shortCode}`} onClick={() => setOpen(true)}>
          <ImageIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && <ScreenshotDialog record={record} onClose={() => setOpen(false)} />}
    </span>
  );
};
