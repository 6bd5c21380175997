import { useState, type ChangeEvent, type FormEvent } from 'react';
import { usePayText } from './i18n';
import { Icon } from './icons';
import { Button } from './ui';
import { ActionError, useAction } from './useAction';
import type { PayActions } from './usePayin';
import { readScreenshot, SCREENSHOT_TYPES, type Refusal } from './validation';

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
    <form className="stack gap-md" noValidate onSubmit={submit}>
      <p className="secondary small">{t('screenshot.intro')}</p>
      {/* The label is the button a customer sees; the file input inside it keeps the keyboard focus. */}
      <label className="btn btn-outlined file-pick">
        <Icon name="upload" />
        <span className="btn-label">{file ? t('screenshot.choose_other') : t('screenshot.choose')}</span>
        <input
          type="file"
          className="visually-hidden"
          accept={SCREENSHOT_TYPES.join(',')}
          onChange={choose}
          aria-describedby="screenshot-status"
        />
      </label>
      <p id="screenshot-status" role="status" className={invalid ? 'small error-text' : 'small secondary'}>
        {invalid
          ? t(invalid.key, invalid.values)
          : file
            ? t('screenshot.chosen', { name: file.name })
            : t('screenshot.none')}
      </p>
      <ActionError error={action.error} onRetry={action.retry} />
      <Button type="submit" size="large" loading={action.busy} disabled={!file}>
        {t('screenshot.submit')}
      </Button>
      <Button variant="text" onClick={onBack}>
        {t('screenshot.use_utr')}
      </Button>
    </form>
  );
};
