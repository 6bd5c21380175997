import { useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MerchantKeys } from './types';

const SecretField = ({ label, value }: { label: string; value: string }) => {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value);
    setCopied(true);
  };
  const hint = translate(copied ? 'resources.merchant.keys.copied' : 'resources.merchant.keys.copy');
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{
        input: {
          readOnly: true,
          sx: { fontFamily: 'monospace' },
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={hint}>
                <IconButton onClick={copy} aria-label={`${hint}: ${label}`} edge="end">
                  <ContentCopyIcon />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};

/**
 * The API key and signing secret of a merchant, shown once after creation or rotation: the server
 * keeps only a hash of the key. Closes only through its button, so a stray click does not lose them.
 */
export const ApiKeyDialog = ({ keys, onClose }: { keys: MerchantKeys | null; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <Dialog open={keys !== null} maxWidth="sm" fullWidth aria-labelledby="api-key-title">
      <DialogTitle id="api-key-title">
        {translate('resources.merchant.keys.title', { code: keys?.code ?? '' })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{translate('resources.merchant.keys.warning')}</Alert>
          {keys && <SecretField label={translate('resources.merchant.keys.apiKey')} value={keys.apiKey} />}
          {keys && (
            <SecretField label={translate('resources.merchant.keys.signingSecret')} value={keys.signingSecret} />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('resources.merchant.keys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
