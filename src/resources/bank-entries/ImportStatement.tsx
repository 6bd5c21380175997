import { useState } from 'react';
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { Form, SaveButton, SelectInput, useRefresh, useTranslate, useTranslateLabel } from 'react-admin';
import { required } from '../../../domain/validation';
import { useToasts } from '../../notifications';
import { API_ROOT, exchange } from '../../providers/http';
import { CsvFileInput } from './CsvFileInput';
import { ImportErrors } from './ImportErrors';
import type { ImportResult, ImportRowError } from './types';
import { usePayinBanks } from './usePayinBanks';

/** The refused lines of a 400 INVALID_ROWS, which the HTTP module's error shape does not carry. */
const rowsOf = (body: string): ImportRowError[] => {
  try {
    const rows = (JSON.parse(body) as { error?: { rows?: unknown } }).error?.rows;
    return Array.isArray(rows) ? (rows as ImportRowError[]) : [];
  } catch {
    return [];
  }
};

/** Upload bank statement: a CSV is recorded whole or not at all; the refused lines are listed. */
export const ImportStatement = () => {
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const toasts = useToasts();
  const refresh = useRefresh();
  const banks = usePayinBanks();
  const [round, setRound] = useState({ key: 0, bankAccountId: '' });
  const [refused, setRefused] = useState<ImportRowError[]>([]);
  const text = (key: string, options?: object) => translate(`resources.add-data.import.${key}`, options);
  const label = (source: string) => translateLabel({ source, resource: 'add-data' }) as string;

  const submit = async (values: Record<string, unknown>) => {
    setRefused([]);
    const bankAccountId = String(values.bankAccountId);
    // The server reads the account before the file: the order of the parts matters.
    const form = new FormData();
    form.append('bankAccountId', bankAccountId);
    form.append('file', values.file as File);
    const answer = await exchange<{ data: ImportResult }>({
      method: 'POST',
      url: `${API_ROOT}/bank-entries/import`,
      payload: form,
    });
    const { result } = answer;
    if (result.error) {
      if (result.error.code === 'INVALID_ROWS') setRefused(rowsOf(answer.body));
      else toasts.error(translate('app.toast.error'), result.error.message);
      return undefined;
    }
    const { recorded, matched } = result.data.data;
    toasts.success(
      translate('app.toast.success'),
      `${text('entries', { smart_count: recorded })}, ${text('payins', { smart_count: matched })}`,
    );
    setRound(({ key }) => ({ key: key + 1, bankAccountId }));
    refresh();
    return undefined;
  };

  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={text('title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {text('help')}
        </Typography>
        <Box component="pre" sx={{ my: 1, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13 }}>
          {`utr,amount,date,code\n${text('example')}`}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {text('help_more')}
        </Typography>
        <Form key={round.key} onSubmit={submit} defaultValues={{ bankAccountId: round.bankAccountId }} noValidate>
          <SelectInput
            source="bankAccountId"
            choices={banks.choices}
            isPending={banks.isPending}
            validate={required(label('bankAccountId'))}
            helperText={false}
          />
          <CsvFileInput source="file" validate={required(label('file'))} />
          <SaveButton label="resources.add-data.import.submit" icon={<UploadIcon />} />
        </Form>
        {refused.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {text('invalid')}
            <ImportErrors rows={refused} />
          </Alert>
        )}
      </CardContent>
    </Card>
  );
};
