import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, snakeToTitle } from '../../../domain/format';
import { useCodeLabel } from '../../i18n/codeLabels';
import { HistorySection, callbackRows, journalRows } from '../shared/History';
import { StatusChip } from './PayinCells';
import type { PayinDetail } from './types';

const prefix = 'resources.payins.show';
const action = (value: string) => snakeToTitle(value.replace(/-/g, '_'));

/** What happened to a pay-in: its timeline, the journal lines it posted and the callbacks sent about it. */
export const PayinHistory = () => {
  const r = useRecordContext<PayinDetail>();
  const translate = useTranslate();
  const actionLabel = useCodeLabel('actions');
  if (!r) return null;
  const timeline = (r.timeline ?? []).map((s) => [
    formatDateTime(s.at),
    actionLabel(s.action),
    s.status ? <StatusChip status={s.status} reason={s.reason} /> : '—',
    s.actor,
  ]);
  const attempts = callbackRows(r.callbacks ?? [], {
    heading: (c) => `${action(c.type)} · ${translate(`resources.payins.callback.${c.state}`)}`,
    noAttempts: translate(`${prefix}.no_attempts`),
  });
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
    </>
  );
};
