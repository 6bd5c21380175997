import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDuration, formatRate } from '../../../domain/board-format';
import { previousPeriod } from '../../../domain/boards';
import { formatDay, type DayRange } from '../../../domain/date-presets';
import { formatRupees } from '../../../domain/format';
import { BoardCharts } from './BoardCharts';
import { CardGrid, FigureCard } from './FigureCard';
import { SummaryPanel } from './SummaryPanel';
import type { Comparison, DashboardFigures as Figures } from './types';

const t = 'app.boards';

/** The cards, the summary with the all-time Net Balance, the charts, then the pay-ins' success rate and speed. */
export const DashboardFigures = ({ figures, range }: { figures: Figures; range: DayRange }) => {
  const translate = useTranslate();
  const count = (n: number) => translate(`${t}.count`, { smart_count: n });
  const days = { from: formatDay(range.from), to: formatDay(range.to) };
  const before = previousPeriod(range.from, range.to);
  const compared = (title: string, measure: Comparison, say: (value: number | null) => string | null, none: string) => (
    <FigureCard
      title={translate(`${t}.${title}`)}
      value={say(measure.current) ?? translate(`${t}.${none}`)}
      details={[
        translate(`${t}.previous`, {
          from: formatDay(before.from),
          to: formatDay(before.to),
          value: say(measure.previous) ?? translate(`${t}.${none}`),
        }),
      ]}
    />
  );
  return (
    <>
      <CardGrid>
        <FigureCard
          title={translate(`${t}.deposit`)}
          value={formatRupees(figures.deposit.amount)}
          details={[count(figures.deposit.count)]}
        />
        <FigureCard
          title={translate(`${t}.deposit_fee`)}
          value={formatRupees(figures.depositFee)}
          details={[translate(`${t}.deposit_fee_detail`)]}
        />
        <FigureCard
          title={translate(`${t}.withdraw`)}
          value={formatRupees(figures.withdraw.amount)}
          details={[count(figures.withdraw.count)]}
        />
        <FigureCard
          title={translate(`${t}.withdraw_fee`)}
          value={formatRupees(figures.withdrawFee)}
          details={[translate(`${t}.withdraw_fee_detail`)]}
        />
      </CardGrid>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 2fr' } }}>
        <SummaryPanel
          title={translate(`${t}.summary`, days)}
          lines={[
            { label: translate(`${t}.deposit`), value: formatRupees(figures.deposit.amount) },
            { label: translate(`${t}.withdraw`), value: formatRupees(figures.withdraw.amount) },
            { label: translate(`${t}.reversed_withdraw`), value: formatRupees(figures.reversedWithdraw) },
            { label: translate(`${t}.commission`), value: formatRupees(figures.commission) },
            { label: translate(`${t}.settlement`), value: formatRupees(figures.settlement) },
            { label: translate(`${t}.chargeback`), value: formatRupees(figures.chargeback) },
            { label: translate(`${t}.current_balance`), value: formatRupees(figures.currentBalance) },
          ]}
          total={{
            label: translate(`${t}.net_balance`),
            value: formatRupees(figures.netBalance),
            details: [translate(`${t}.all_time`)],
          }}
        />
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          {compared('success_rate', figures.payinSuccessRate, formatRate, 'no_payins')}
          {compared('median_time', figures.medianSecondsToSuccess, formatDuration, 'no_success')}
        </Box>
      </Box>
      <BoardCharts
        depositTitle={translate(`${t}.deposit`)}
        series={figures.series}
        bucket={figures.bucket}
        range={range}
      />
    </>
  );
};
