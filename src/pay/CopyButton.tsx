import { useEffect, useState } from 'react';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { usePayText } from './i18n';

export const CopyButton = ({ label, value }: { label: string; value: string }) => {
  const t = usePayText();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);
  // navigator.clipboard is missing outside secure contexts: that is a failure to report too.
  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(value))
      .then(() => setState('copied'))
      .catch(() => setState('failed'));
  const name = t('copy.copy', { label });
  const title = state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : name;
  return (
    <Tooltip title={title} open={state !== 'idle' ? true : undefined}>
      <IconButton aria-label={name} onClick={copy} size="small" color="primary">
        {state === 'copied' ? <CheckIcon fontSize="small" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
};

/** A labelled detail of a <dl>, its value with a copy button, for the customer to paste in the bank's app. */
export const CopyRow = ({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) => (
  <div>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', fontFamily: mono ? 'monospace' : undefined }}>
        {value}
      </Typography>
      <CopyButton label={label} value={value} />
    </Box>
  </div>
);
