import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, snakeToTitle } from '../../../domain/format';
import { useCodeLabel } from '../../i18n/codeLabels';
import { HistorySection, callbackRows, journalRows } from '../shared/History';
import { PayoutStatusChip } from './PayoutCells';
import type { PayoutDetail } from './types';

const prefix = 'resources.payouts.show';
const action = (value: string) => snakeToTitle(value.replace(/[-.]/g, '_'));

/** What happened to a pay-out: its timeline, its journal lines, the callbacks sent and the provider's answers. */
export const PayoutHistory = () => {
  const r = useRecordContext<PayoutDetail>();
  const translate = useTranslate();
  const actionLabel = useCodeLabel('actions');
  if (!r) return null;
  const timeline = (r.timeline ?? []).map((s) => [
    formatDateTime(s.at),
    actionLabel(s.action),
    s.status ? <PayoutStatusChip status={s.status} reason={s.reason} /> : '—',
    s.actor,
  ]);
  const attempts = callbackRows(r.callbacks ?? [], {
    heading: (c) => `${c.type} · ${translate(`resources.payouts.callback.${c.state}`)}`,
    noAttempts: translate(`${prefix}.no_attempts`),
  });
  const calls = (r.providerCalls ?? []).map((c) => [
    formatDateTime(c.at),
    `${snakeToTitle(c.provider)} · ${snakeToTitle(c.kind)}`,
    c.outcome,
    c.clientRefId,
    c.tid ?? '—',
    c.httpStatus ?? '—',
    c.txStatus ?? '—',
    c.message ?? '',
  ]);
  return (
    <>
      <HistorySection prefix={prefix} title="timeline" head={['at', 'action', 'status', 'actor']} rows={timeline} />
      <HistorySection
        prefix={prefix}
        title="journal"
        head={['at', 'kind', 'account', 'debit', 'credit']}
        rows={journalRows(r.journal ?? [], action)}
      />
      <HistorySection
        prefix={prefix}
        title="callbacks"
        head={['at', 'status_code', 'duration', 'error']}
        rows={attempts}
      />
      <HistorySection
        prefix={prefix}
        title="provider_calls"
        head={['at', 'call', 'outcome', 'client_ref_id', 'tid', 'status_code', 'tx_status', 'message']}
        rows={calls}
      />
    </>
  );
};
