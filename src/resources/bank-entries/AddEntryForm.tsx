import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Card, CardContent, CardHeader, Grid } from '@mui/material';
import {
  Form,
  NumberInput,
  SaveButton,
  SelectInput,
  TextInput,
  useRefresh,
  useTranslate,
  useTranslateLabel,
} from 'react-admin';
import { formatRupees } from '../../../domain/format';
import { normaliseUtr } from '../../../domain/payin';
import { useStatusLabel } from '../../i18n/codeLabels';
import { useToasts } from '../../notifications';
import { post } from '../../providers/http';
import { entryBody, entryValidators, type EntrySource } from './entryForm';
import type { BankEntryAdded } from './types';
import { usePayinBanks } from './usePayinBanks';

/**
 * Add Data: one credit from a bank statement. The server matches it to a waiting pay-in; a UTR
 * already recorded is refused as Repeated. After each entry the form clears but keeps the bank.
 */
export const AddEntryForm = () => {
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  const translateLabel = useTranslateLabel();
  const toasts = useToasts();
  const refresh = useRefresh();
  const banks = usePayinBanks();
  const [round, setRound] = useState({ key: 0, bankAccountId: '' });
  const label = (source: EntrySource) => translateLabel({ source, resource: 'add-data' }) as string;
  const text = (key: string, options?: object) => translate(`resources.add-data.add.${key}`, options);
  const checks = entryValidators(label);

  const submit = async (values: Record<string, unknown>) => {
    const body = entryBody(values);
    const result = await post<{ data: BankEntryAdded }>('/bank-entries', body);
    if (result.error) {
      if (result.error.code === 'REPEATED') return { utr: result.error.message };
      if (result.error.field) return { [result.error.field]: result.error.message };
      toasts.error(translate('app.toast.error'), result.error.message);
      return undefined;
    }
    const { entry, matched } = result.data.data;
    toasts.success(
      translate('app.toast.success'),
      matched
        ? text('matched', { payin: entry.merchantOrderId ?? matched.payinId, status: statusLabel(matched.status) })
        : text('recorded', { utr: entry.utr, amount: formatRupees(entry.amount) }),
    );
    setRound(({ key }) => ({ key: key + 1, bankAccountId: body.bankAccountId }));
    refresh();
    return undefined;
  };

  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={text('title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Form
          key={round.key}
          onSubmit={submit}
          defaultValues={{ bankAccountId: round.bankAccountId }}
          resource="add-data"
          noValidate
        >
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <SelectInput
                source="bankAccountId"
                choices={banks.choices}
                isPending={banks.isPending}
                validate={checks.bankAccountId}
                helperText={false}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <NumberInput source="amount" validate={checks.amount} helperText={text('amount_help')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput source="amountCode" validate={checks.amountCode} helperText={text('amount_code_help')} />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextInput
                source="utr"
                validate={checks.utr}
                parse={(value: string) => normaliseUtr(value)}
                helperText={text('utr_help')}
              />
            </Grid>
          </Grid>
          <SaveButton label="resources.add-data.add.submit" icon={<AddIcon />} />
        </Form>
      </CardContent>
    </Card>
  );
};
