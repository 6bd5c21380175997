import { lazy, Suspense, useId } from 'react';
import { Paper, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { bucketLabel, formatDay, type DayRange } from '../../../domain/date-presets';
import { formatRupees } from '../../../domain/format';
import { withChunkTimeout } from '../../layout/lazyScreen';
import type { Bucket, SeriesPoint } from './types';

const BarChartView = lazy(() =>
  withChunkTimeout('BarChartView', import('./BarChartView')).then((module) => ({ default: module.BarChartView })),
);

const HEIGHT = 260;

/** The bars of one measure: a label per bucket in IST ('13:00', '25/11') and its rupees. */
export const chartPoints = (series: readonly SeriesPoint[], bucket: Bucket, measure: 'deposit' | 'withdraw') => ({
  labels: series.map((point) => bucketLabel(point.at, bucket)),
  values: series.map((point) => point[measure]),
});

/**
 * A bar chart named by its heading and described in words (the bars, the total and the highest),
 * so the figures read without the drawing.
 */
export const MoneyChart = ({
  title,
  series,
  bucket,
  measure,
  range,
  color,
}: {
  title: string;
  series: readonly SeriesPoint[];
  bucket: Bucket;
  measure: 'deposit' | 'withdraw';
  range: DayRange;
  color: string;
}) => {
  const translate = useTranslate();
  const id = useId();
  const { labels, values } = chartPoints(series, bucket, measure);
  const max = values.length > 0 ? Math.max(...values) : 0;
  const dates = { title, from: formatDay(range.from), to: formatDay(range.to) };
  const description =
    max > 0
      ? translate('app.boards.chart.description', {
          ...dates,
          bucket: translate(`app.boards.chart.${bucket}`),
          count: values.length,
          total: formatRupees(values.reduce((sum, value) => sum + value, 0)),
          max: formatRupees(max),
          at: labels[values.indexOf(max)],
        })
      : translate('app.boards.chart.empty', dates);
  return (
    <Paper
      component="figure"
      variant="outlined"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      sx={{ m: 0, p: 2, minWidth: 0 }}
    >
      <Typography id={`${id}-title`} component="h2" variant="subtitle1">
        {title}
      </Typography>
      <Typography id={`${id}-description`} component="p" variant="body2" color="text.secondary">
        {description}
      </Typography>
      <Suspense fallback={<Skeleton variant="rounded" height={HEIGHT} />}>
        <BarChartView
          title={title}
          description={description}
          labels={labels}
          values={values}
          color={color}
          height={HEIGHT}
        />
      </Suspense>
    </Paper>
  );
};
