import { useEffect, useState, type FormEvent } from 'react';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { UTR_FORMAT, canTransition, normaliseUtr } from '../../../domain/payin';
import { matches, required } from '../../../domain/validation';
import { useToasts } from '../../notifications';
import { payinActions } from './actions';
import type { Payin } from './types';
import { usePayinAccess } from './usePayinAccess';

/** The screenshot as a blob URL while the dialog is open (the image needs the bearer token, so no plain <img src>). */
const useScreenshot = (id: string) => {
  const [state, setState] = useState<{ url?: string; error?: string }>({});
  useEffect(() => {
    let url: string | undefined;
    let live = true;
    void payinActions.screenshot(id).then((result) => {
      if (!live) return;
      if (result.error) return setState({ error: result.error.message });
      url = URL.createObjectURL(result.data.blob);
      setState({ url });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return state;
};

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
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="screenshot-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="screenshot-title">{t('title')}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 120, mb: 2 }}>
            {image.url ? (
              <Box component="img" src={image.url} alt={t('alt')} sx={{ maxWidth: '100%', maxHeight: '60vh' }} />
            ) : image.error ? (
              <Typography color="error">{image.error}</Typography>
            ) : (
              <CircularProgress aria-label={t('loading')} />
            )}
          </Box>
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
            fullWidth
          />
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
