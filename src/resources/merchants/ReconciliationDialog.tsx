import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { get } from '../../providers/http';
import { BankDifferences } from './BankDifferences';
import type { Reconciliation, ReconciliationDifference } from './types';

type State = { kind: 'running' } | { kind: 'done'; result: Reconciliation } | { kind: 'failed'; message: string };

const COLUMNS = ['party', 'code', 'what', 'ledger', 'rows', 'difference'] as const;
const MONEY = new Set<string>(['ledger', 'rows', 'difference']);

const Differences = ({ rows }: { rows: ReconciliationDifference[] }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.merchant.reconciliation.${key}`);
  const cell = (d: ReconciliationDifference, column: (typeof COLUMNS)[number]) => {
    if (column === 'party' || column === 'what') return t(`${column}.${d[column]}`);
    return column === 'code' ? d.code : formatRupees(d[column]);
  };
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableCell key={c} align={MONEY.has(c) ? 'right' : 'left'}>
              {t(`columns.${c}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((d) => (
          <TableRow key={`${d.party}:${d.code}:${d.what}`}>
            {COLUMNS.map((c) => (
              <TableCell
                key={c}
                align={MONEY.has(c) ? 'right' : 'left'}
                sx={{ whiteSpace: 'nowrap', ...(c === 'code' && { fontFamily: 'monospace', wordBreak: 'break-all' }) }}
              >
                {cell(d, c)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/**
 * Runs GET /v1/reconciliation when opened and says what it found on each side: every balance
 * agrees with the ledger or which differ, and the records agree with the bank or which do not.
 */
export const ReconciliationDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`resources.merchant.reconciliation.${key}`, options);
  const [state, setState] = useState<State>({ kind: 'running' });
  const [round, setRound] = useState(0);
  const again = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    setState({ kind: 'running' });
    void get<{ data: Reconciliation }>('/reconciliation').then((answer) => {
      if (!current) return;
      setState(
        answer.error ? { kind: 'failed', message: answer.error.message } : { kind: 'done', result: answer.data.data },
      );
    });
    return () => {
      current = false;
    };
  }, [open, round]);

  const body = () => {
    if (state.kind === 'running')
      return (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} />
          <Typography>{t('running')}</Typography>
        </Stack>
      );
    if (state.kind === 'failed') return <Alert severity="error">{state.message}</Alert>;
    const { differences, bank, checked, checkedAt } = state.result;
    const at = formatDateTime(checkedAt);
    const bankCount = Object.values(bank.counts).reduce((sum, n) => sum + n, 0);
    return (
      <Stack spacing={2}>
        {differences.length === 0 ? (
          <Alert severity="success">{t('agrees', { ...checked, at })}</Alert>
        ) : (
          <>
            <Alert severity="error">{t('differs', { smart_count: differences.length, at })}</Alert>
            <Differences rows={differences} />
          </>
        )}
        {bankCount === 0 ? (
          <Alert severity="success">{t('bank_agrees', checked)}</Alert>
        ) : (
          <>
            <Alert severity="error">{t('bank_differs', { smart_count: bankCount, at })}</Alert>
            <BankDifferences bank={bank} />
          </>
        )}
      </Stack>
    );
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="reconciliation-title">
      <DialogTitle id="reconciliation-title">{t('title')}</DialogTitle>
      <DialogContent>{body()}</DialogContent>
      <DialogActions>
        <Button onClick={again} disabled={state.kind === 'running'}>
          {t('again')}
        </Button>
        <Button onClick={onClose} variant="contained">
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
