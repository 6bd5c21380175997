import type { ReactNode } from 'react';
import { Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { Labeled, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, formatRupees, snakeToTitle } from '../../../domain/format';
import { CopyableText } from '../payins/PayinCells';
import { PayoutStatusChip } from '../payouts/PayoutCells';
import { useCodeLabel } from '../../i18n/codeLabels';
import { HistorySection, journalRows } from '../shared/History';
import { SettlementKindContext, useSettlementKind, type SettlementKind } from './kind';
import { DestinationCell, MethodCell, SettlementStatusCell } from './SettlementCells';
import { SettlementRowActions } from './SettlementRowActions';
import type { SettlementDetail } from './types';

type Field = [id: string, value: ReactNode];
const action = (value: string) => snakeToTitle(value.replace(/[-.]/g, '_'));

const Details = () => {
  const r = useRecordContext<SettlementDetail & Record<string, unknown>>();
  const translate = useTranslate();
  const { screen, party } = useSettlementKind();
  if (!r) return null;
  const fields: Field[] = [
    ['id', <CopyableText key="id" value={r.id} />],
    [party, String(r[party] ?? '—')],
    ['status', <SettlementStatusCell key="status" />],
    ['reason', r.reason ?? '—'],
    ['amount', formatRupees(r.amount)],
    ['method', <MethodCell key="method" />],
    ['bankDetails', <DestinationCell key="destination" />],
    ['reference', r.reference ?? '—'],
    ['createdByName', r.createdByName ?? '—'],
    ['createdAt', formatDateTime(r.createdAt)],
    ['completedAt', formatDateTime(r.completedAt) || '—'],
    ['updatedAt', formatDateTime(r.updatedAt)],
  ];
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(`resources.${screen}.show.details`)}
        </Typography>
        <Grid container spacing={2}>
          {fields.map(([id, value]) => (
            <Grid key={id} size={{ xs: 12, sm: 6, md: 3 }}>
              <Labeled label={`resources.${screen}.fields.${id}`}>
                <Stack direction="row">
                  {typeof value === 'string' ? (
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {value}
                    </Typography>
                  ) : (
                    value
                  )}
                </Stack>
              </Labeled>
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
};

/** Its steps from the audit log and its journal lines. */
const History = () => {
  const r = useRecordContext<SettlementDetail>();
  const { screen } = useSettlementKind();
  const actionLabel = useCodeLabel('actions');
  if (!r) return null;
  const prefix = `resources.${screen}.show`;
  const timeline = (r.timeline ?? []).map((s) => [
    formatDateTime(s.at),
    actionLabel(s.action),
    s.status ? <PayoutStatusChip status={s.status} reason={s.reason} /> : '—',
    s.actor,
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
    </>
  );
};

/** One settlement of either screen: every field, its actions, then what happened to it. */
export const settlementShowOf = (kind: SettlementKind) => {
  const Screen = () => (
    <SettlementKindContext.Provider value={kind}>
      <Show
        actions={
          <TopToolbar>
            <SettlementRowActions />
          </TopToolbar>
        }
        component="div"
      >
        <Details />
        <History />
      </Show>
    </SettlementKindContext.Provider>
  );
  Screen.displayName = `SettlementShow(${kind.screen})`;
  return Screen;
};
