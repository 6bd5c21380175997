import { useState, type FormEvent } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { usePayText } from './i18n';
import { ScreenshotForm } from './ScreenshotForm';
import { ActionError, useAction } from './useAction';
import type { PayActions } from './usePayin';
import { readUtr, type Refusal } from './validation';

/** After paying: the UTR the bank's app shows, or a screenshot of the payment when the UTR is not at hand. */
export const ProofForm = ({ actions }: { actions: PayActions }) => {
  const [mode, setMode] = useState<'utr' | 'screenshot'>('utr');
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<Refusal | null>(null);
  const action = useAction();
  const t = usePayText();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = readUtr(text);
    setInvalid(checked.error);
    if (checked.value !== null) void action.run(() => actions.utr(checked.value));
  };

  return (
    <Stack component="section" spacing={1.5} aria-label={t('proof.title')}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('proof.title')}
      </Typography>
      {mode === 'utr' ? (
        <Stack component="form" noValidate onSubmit={submit} spacing={1.5}>
          <Typography variant="body2" color="text.secondary">
            {t('proof.intro')}
          </Typography>
          <TextField
            label={t('proof.utr')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={invalid !== null}
            helperText={invalid ? t(invalid.key, invalid.values) : t('proof.utr_help')}
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 40 } }}
          />
          <ActionError error={action.error} onRetry={action.retry} />
          <Button type="submit" variant="contained" size="large" loading={action.busy}>
            {t('proof.submit')}
          </Button>
          <Button variant="text" onClick={() => setMode('screenshot')}>
            {t('proof.use_screenshot')}
          </Button>
        </Stack>
      ) : (
        <ScreenshotForm actions={actions} onBack={() => setMode('utr')} />
      )}
    </Stack>
  );
};
