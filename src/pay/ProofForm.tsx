import { useState, type FormEvent } from 'react';
import { usePayText } from './i18n';
import { ScreenshotForm } from './ScreenshotForm';
import { Button, TextField } from './ui';
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
    <section className="stack gap-md" aria-label={t('proof.title')}>
      <h2 className="h6">{t('proof.title')}</h2>
      {mode === 'utr' ? (
        <form className="stack gap-md" noValidate onSubmit={submit}>
          <p className="secondary small">{t('proof.intro')}</p>
          <TextField
            label={t('proof.utr')}
            value={text}
            onChange={setText}
            error={invalid !== null}
            helperText={invalid ? t(invalid.key, invalid.values) : t('proof.utr_help')}
            inputMode="numeric"
            maxLength={40}
          />
          <ActionError error={action.error} onRetry={action.retry} />
          <Button type="submit" size="large" loading={action.busy}>
            {t('proof.submit')}
          </Button>
          <Button variant="text" onClick={() => setMode('screenshot')}>
            {t('proof.use_screenshot')}
          </Button>
        </form>
      ) : (
        <ScreenshotForm actions={actions} onBack={() => setMode('utr')} />
      )}
    </section>
  );
};
