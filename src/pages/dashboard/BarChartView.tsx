import { BarChart } from '@mui/x-charts/BarChart';
import { formatRupees } from '../../../domain/format';

/** What a board's chart draws: one bar per bucket. */
export interface BarChartData {
  /** The chart's accessible name and description, also written into the drawing. */
  title: string;
  description: string;
  labels: string[];
  values: number[];
  color: string;
  height: number;
}

const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

/** The drawing itself: the chart library loads with this module, in its own chunk, on first use. */
export const BarChartView = ({ title, description, labels, values, color, height }: BarChartData) => (
  <BarChart
    title={title}
    desc={description}
    height={height}
    hideLegend
    xAxis={[{ scaleType: 'band', data: labels }]}
    yAxis={[{ width: 56, valueFormatter: (value: number) => `₹${compact.format(value)}` }]}
    series={[{ data: values, label: title, color, valueFormatter: (value) => formatRupees(value) }]}
  />
);
