import { Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatRupees } from '../../../domain/format';
import { BANK_DIFFERENCE_KINDS } from '../../../domain/reconciliation';
import type { BankRecord, Reconciliation } from './types';

const COLUMNS = ['kind', 'reason', 'records'] as const;

/** The rows against the bank entries: each difference's kind, the sentence to act on, the records involved. */
export const BankDifferences = ({ bank }: { bank: Reconciliation['bank'] }) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`resources.merchant.reconciliation.${key}`, options);
  const record = (r: BankRecord) =>
    [
      t(`entity.${r.entity}`),
      r.label,
      r.code && r.code !== r.label ? `(${r.code})` : null,
      r.amount === null ? null : formatRupees(r.amount),
    ]
      .filter(Boolean)
      .join(' ');
  const cut = BANK_DIFFERENCE_KINDS.filter((k) => bank.counts[k] > bank.limit);
  return (
    <Stack spacing={1}>
      <Table size="small" aria-label={t('bank_title')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c}>{t(`bank_columns.${c}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {bank.differences.map((d) => (
            <TableRow key={`${d.kind}:${d.records.map((r) => r.id).join(':')}`}>
              <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{t(`kind.${d.kind}`)}</TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>{d.reason}</TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                {d.records.map((r) => (
                  <Typography key={`${r.entity}:${r.id}`} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                    {record(r)}
                  </Typography>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {cut.map((k) => (
        <Typography key={k} variant="body2" color="text.secondary">
          {`${t(`kind.${k}`)}: ${t('bank_listed', { limit: bank.limit, count: bank.counts[k] })}`}
        </Typography>
      ))}
    </Stack>
  );
};
