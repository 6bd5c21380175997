import { useState, type FormEvent } from 'react';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { ScreenshotForm } from './ScreenshotForm';
import { ActionError, useAction } from './useAction';
import type { PayActions } from './usePayin';
import { readUtr } from './validation';

/** After paying: the UTR the bank's app shows, or a screenshot of the payment when the UTR is not at hand. */
export const ProofForm = ({ actions }: { actions: PayActions }) => {
  const [mode, setMode] = useState<'utr' | 'screenshot'>('utr');
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const action = useAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = readUtr(text);
    setInvalid(checked.error);
    if (checked.value !== null) void action.run(() => actions.utr(checked.value));
  };

  return (
    <Stack component="section" spacing={1.5} aria-label="After paying">
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        After paying
      </Typography>
      {mode === 'utr' ? (
        <Stack component="form" noValidate onSubmit={submit} spacing={1.5}>
          <Typography variant="body2" color="text.secondary">
            Enter the UTR (the 12-digit bank reference, also called UPI reference or transaction id) your app shows for
            the payment.
          </Typography>
          <TextField
            label="UTR"
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={invalid !== null}
            helperText={invalid ?? '12 digits, for example 412345678901'}
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 40 } }}
          />
          <ActionError error={action.error} onRetry={action.retry} />
          <Button type="submit" variant="contained" size="large" loading={action.busy}>
            Submit UTR
          </Button>
          <Button variant="text" onClick={() => setMode('screenshot')}>
            Upload a screenshot instead
          </Button>
        </Stack>
      ) : (
        <ScreenshotForm actions={actions} onBack={() => setMode('utr')} />
      )}
    </Stack>
  );
};
