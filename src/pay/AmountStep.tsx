import { useState, type FormEvent } from 'react';
import { formatRupees } from '../../domain/format';
import type { PayView } from './api';
import { usePayText } from './i18n';
import { Button, TextField } from './ui';
import { ActionError, useAction } from './useAction';
import type { PayActions } from './usePayin';
import { readAmount, type Refusal } from './validation';

/** INITIATED: the customer confirms the fixed amount, or enters one within the merchant's limits. */
export const AmountStep = ({ view, actions }: { view: PayView; actions: PayActions }) => {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<Refusal | null>(null);
  const action = useAction();
  const t = usePayText();
  const limits = t('amount.limits', { min: formatRupees(view.minAmount), max: formatRupees(view.maxAmount) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (view.amountFixed) return void action.run(() => actions.assign());
    const checked = readAmount(text, view.minAmount, view.maxAmount);
    setInvalid(checked.error);
    if (checked.value !== null) void action.run(() => actions.assign(checked.value));
  };

  return (
    <form className="stack gap-lg" noValidate onSubmit={submit}>
      <h1 className="h5">{t('amount.title', { name: view.merchantName })}</h1>
      {view.amountFixed ? (
        <div>
          <p className="secondary">{t('amount.label')}</p>
          <p className="h3">{formatRupees(view.amount)}</p>
        </div>
      ) : (
        <TextField
          label={t('amount.label')}
          value={text}
          onChange={setText}
          error={invalid !== null}
          helperText={invalid ? t(invalid.key, invalid.values) : limits}
          inputMode="decimal"
          prefix="₹"
        />
      )}
      <ActionError error={action.error} onRetry={action.retry} />
      <Button type="submit" size="large" loading={action.busy}>
        {t('amount.submit')}
      </Button>
    </form>
  );
};
