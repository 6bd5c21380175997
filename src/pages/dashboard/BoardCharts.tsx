import { Box, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DayRange } from '../../../domain/date-presets';
import { MoneyChart } from './MoneyChart';
import type { Bucket, SeriesPoint } from './types';

/** A board's two charts, money in and money out: by hour for a one-day period, by day otherwise (the server's bucket). */
export const BoardCharts = ({
  depositTitle,
  series,
  bucket,
  range,
}: {
  depositTitle: string;
  series: readonly SeriesPoint[];
  bucket: Bucket;
  range: DayRange;
}) => {
  const translate = useTranslate();
  const { palette } = useTheme();
  const shared = { series, bucket, range };
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <MoneyChart title={depositTitle} measure="deposit" color={palette.primary.main} {...shared} />
      <MoneyChart title={translate('app.boards.withdraw')} measure="withdraw" color={palette.info.main} {...shared} />
    </Box>
  );
};
