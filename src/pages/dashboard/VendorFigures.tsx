import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDay, type DayRange } from '../../../domain/date-presets';
import { formatRupees } from '../../../domain/format';
import { vendorPosition } from '../../../domain/settlement';
import { BoardCharts } from './BoardCharts';
import { CardGrid, FigureCard } from './FigureCard';
import { SummaryPanel } from './SummaryPanel';
import type { VendorBoardFigures } from './types';

const t = 'app.boards';

/** Said the way the Vendor screen says it (resources.vendor.position.*). */
const POSITION_KEY = {
  'vendor owes the gateway': 'owes',
  'gateway owes the vendor': 'owed',
  settled: 'settled',
} as const;

/** The vendor's cards, its summary with the balances said as who owes whom, and the charts. */
export const VendorFigures = ({
  vendorCode,
  figures,
  range,
}: {
  vendorCode: string;
  figures: VendorBoardFigures;
  range: DayRange;
}) => {
  const translate = useTranslate();
  const count = (n: number) => translate(`${t}.count`, { smart_count: n });
  const owes = (balance: number) =>
    translate(`resources.vendor.position.${POSITION_KEY[vendorPosition(balance)]}`, {
      code: vendorCode,
      amount: formatRupees(Math.abs(balance)),
    });
  return (
    <>
      <CardGrid>
        <FigureCard
          title={translate(`${t}.collected`)}
          value={formatRupees(figures.collected.amount)}
          details={[count(figures.collected.count), translate(`${t}.collected_detail`)]}
        />
        <FigureCard
          title={translate(`${t}.withdraw`)}
          value={formatRupees(figures.withdraw.amount)}
          details={[count(figures.withdraw.count)]}
        />
      </CardGrid>
      <Box sx={{ maxWidth: 640 }}>
        <SummaryPanel
          title={translate(`${t}.summary`, { from: formatDay(range.from), to: formatDay(range.to) })}
          lines={[
            { label: translate(`${t}.collected`), value: formatRupees(figures.collected.amount) },
            { label: translate(`${t}.withdraw`), value: formatRupees(figures.withdraw.amount) },
            { label: translate(`${t}.reversed_withdraw`), value: formatRupees(figures.reversedWithdraw) },
            { label: translate(`${t}.commission`), value: formatRupees(figures.commission) },
            { label: translate(`${t}.vendor_settlement`), value: formatRupees(figures.settlement) },
            {
              label: translate(`${t}.current_balance`),
              value: formatRupees(figures.currentBalance),
              details: [owes(figures.currentBalance)],
            },
          ]}
          total={{
            label: translate(`${t}.net_balance`),
            value: formatRupees(figures.netBalance),
            details: [owes(figures.netBalance), translate(`${t}.all_time`)],
          }}
        />
      </Box>
      <BoardCharts
        depositTitle={translate(`${t}.collected`)}
        series={figures.series}
        bucket={figures.bucket}
        range={range}
      />
    </>
  );
};
