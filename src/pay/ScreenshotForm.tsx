import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { usePayText } from './i18n';
import { ActionError, useAction } from './useAction';
import type { PayActions } from './usePayin';
import { readScreenshot, SCREENSHOT_TYPES, type Refusal } from './validation';

const hiddenInput = {
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  height: 1,
  overflow: 'hidden',
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

/** The screenshot of the payment, checked here (PNG or JPEG, 5 MB at most) before it is sent. */
export const ScreenshotForm = ({ actions, onBack }: { actions: PayActions; onBack: () => void }) => {
  const [file, setFile] = useState<File | null>(null);
  const [invalid, setInvalid] = useState<Refusal | null>(null);
  const action = useAction();
  const t = usePayText();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const checked = readScreenshot(event.target.files?.[0]);
    setInvalid(checked.error);
    setFile(checked.value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = readScreenshot(file ?? undefined);
    setInvalid(checked.error);
    if (checked.value !== null) void action.run(() => actions.screenshot(checked.value));
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('screenshot.intro')}
      </Typography>
      <Button
        component="label"
        role={undefined}
        tabIndex={-1}
        variant="outlined"
        startIcon={<UploadFileIcon />}
        sx={{ '&:has(input:focus-visible)': { outline: '2px solid', outlineOffset: 2 } }}
      >
        {file ? t('screenshot.choose_other') : t('screenshot.choose')}
        <input
          type="file"
          accept={SCREENSHOT_TYPES.join(',')}
          onChange={choose}
          aria-describedby="screenshot-status"
          style={hiddenInput}
        />
      </Button>
      <Typography id="screenshot-status" variant="body2" role="status" color={invalid ? 'error' : 'text.secondary'}>
        {invalid
          ? t(invalid.key, invalid.values)
          : file
            ? t('screenshot.chosen', { name: file.name })
            : t('screenshot.none')}
      </Typography>
      <ActionError error={action.error} onRetry={action.retry} />
      <Button type="submit" variant="contained" size="large" loading={action.busy} disabled={!file}>
        {t('screenshot.submit')}
      </Button>
      <Button variant="text" onClick={onBack}>
        {t('screenshot.use_utr')}
      </Button>
    </Stack>
  );
};
