import { useState, type FormEvent } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useRefresh, useTranslate } from 'react-admin';
import { del, post } from '../../providers/http';
import { useMerchants } from '../../merchants';
import { useToasts } from '../../notifications';
import { useConfirmedAction } from '../shared/useConfirmedAction';
import type { BankAccount } from './types';

type Mode = 'link' | 'unlink';

/**
 * Links merchants to an account or unlinks them, optionally with their sub-merchants, behind the
 * password. The merchants offered are the client merchant list (already scoped to the caller by the server).
 */
export const LinkMerchantsDialog = ({
  record,
  open,
  onClose,
}: {
  record: BankAccount;
  open: boolean;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const toasts = useToasts();
  const refresh = useRefresh();
  const { merchants } = useMerchants();
  const { send, dialog } = useConfirmedAction();
  const [mode, setMode] = useState<Mode>('link');
  const [codes, setCodes] = useState<string[]>([]);
  const [withSubs, setWithSubs] = useState(false);
  const [busy, setBusy] = useState(false);
  const t = (key: string) => translate(`resources.bank-accounts.link.${key}`);

  const names = new Map(merchants.map((m) => [m.code, m.name]));
  const linked = new Set(record.merchantCodes);
  const options =
    mode === 'link'
      ? merchants
          .map((m) => m.code)
          .filter((code) => !linked.has(code))
          .sort()
      : [...record.merchantCodes];

  const close = () => {
    setCodes([]);
    setWithSubs(false);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setBusy(true);
    const path = `/bank-accounts/${record.id}/merchants`;
    const body = { merchantCodes: codes, includeSubMerchants: withSubs };
    const result = await send(
      'bank-account.link',
      (headers) => (mode === 'link' ? post(path, body, { headers }) : del(path, body, { headers })),
      { what: 'resources.bank-accounts.confirm.link', recordId: String(record.id) },
    );
    setBusy(false);
    if (!result) return;
    if (result.error) return toasts.error(translate('app.toast.error'), result.error.message);
    toasts.success(translate('app.toast.success'), t(mode === 'link' ? 'linked' : 'unlinked'));
    refresh();
    close();
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={close}
        maxWidth="sm"
        fullWidth
        aria-labelledby="link-merchants-title"
        onClick={(event) => event.stopPropagation()}
      >
        <form onSubmit={submit} noValidate>
          <DialogTitle id="link-merchants-title">
            {t('manage')}: {record.nickname}
          </DialogTitle>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              sx={{ '& .MuiToggleButton-root': { textTransform: 'none', px: 2 } }}
              value={mode}
              onChange={(_, next: Mode | null) => next && (setMode(next), setCodes([]))}
            >
              <ToggleButton value="link">{t('mode_link')}</ToggleButton>
              <ToggleButton value="unlink" disabled={record.merchantCodes.length === 0}>
                {t('mode_unlink')}
              </ToggleButton>
            </ToggleButtonGroup>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
                {t('linked_now')}
              </Typography>
              {record.merchantCodes.length === 0 ? (
                <Typography variant="body2">{t('none_linked')}</Typography>
              ) : (
                record.merchantCodes.map((code) => <Chip key={code} label={code} size="small" />)
              )}
            </Box>
            <Autocomplete
              multiple
              options={options}
              value={codes}
              onChange={(_, next) => setCodes(next)}
              getOptionLabel={(code) => (names.get(code) ? `${code} — ${names.get(code)}` : code)}
              renderInput={(params) => <TextField {...params} label={t('merchants')} />}
            />
            <FormControlLabel
              control={<Checkbox checked={withSubs} onChange={(event) => setWithSubs(event.target.checked)} />}
              label={t('include_sub_merchants')}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy || codes.length === 0}>
              {t(mode)}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {dialog}
    </>
  );
};
