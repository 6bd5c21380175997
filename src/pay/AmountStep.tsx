import { useState, type FormEvent } from 'react';
import { Button, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { formatRupees } from '../../domain/format';
import type { PayView } from './api';
import { usePayText } from './i18n';
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
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('amount.title', { name: view.merchantName })}
      </Typography>
      {view.amountFixed ? (
        <div>
          <Typography color="text.secondary">{t('amount.label')}</Typography>
          <Typography variant="h3" component="p" sx={{ fontWeight: 700 }}>
            {formatRupees(view.amount)}
          </Typography>
        </div>
      ) : (
        <TextField
          label={t('amount.label')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={invalid !== null}
          helperText={invalid ? t(invalid.key, invalid.values) : limits}
          autoComplete="off"
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
          }}
        />
      )}
      <ActionError error={action.error} onRetry={action.retry} />
      <Button type="submit" variant="contained" size="large" loading={action.busy}>
        {t('amount.submit')}
      </Button>
    </Stack>
  );
};
