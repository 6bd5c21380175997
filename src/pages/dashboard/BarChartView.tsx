import { useEffect, useId, useRef, useState } from 'react';
import { Box, useTheme } from '@mui/material';
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
const AXIS_WIDTH = 56;
const LABELS_HEIGHT = 28;
const TOP = 8;
const TICKS = 4;
/** The narrowest room a bucket's label needs before every other one is left out. */
const LABEL_ROOM = 44;

/** A round step for the value axis: 1, 2 or 5 times a power of ten. */
const niceStep = (max: number) => {
  const rough = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough) ?? rough;
};

/** The drawn width of the chart's box, followed as the page resizes. */
const useWidth = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
};

/**
 * The drawing itself, a plain SVG of bars on a rupee axis (a chart library weighed 77 kB gzip of
 * the Dashboard's first load). Each bar names its bucket and amount for a pointer and a reader.
 */
export const BarChartView = ({ title, description, labels, values, color, height }: BarChartData) => {
  const id = useId();
  const { palette } = useTheme();
  const [ref, width] = useWidth();
  const max = Math.max(0, ...values);
  const step = max > 0 ? niceStep(max) : 1;
  const top = step * Math.max(1, Math.ceil(max / step));
  const plotHeight = height - TOP - LABELS_HEIGHT;
  const plotWidth = Math.max(0, width - AXIS_WIDTH);
  const band = labels.length ? plotWidth / labels.length : 0;
  const every = band > 0 ? Math.ceil(LABEL_ROOM / band) : 1;
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  return (
    <Box ref={ref} sx={{ width: '100%', height }}>
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`}>
          <title id={`${id}-t`}>{title}</title>
          <desc id={`${id}-d`}>{description}</desc>
          <g fontSize={12} fill={palette.text.secondary}>
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={AXIS_WIDTH} x2={width} y1={y(tick)} y2={y(tick)} stroke={palette.divider} />
                <text x={AXIS_WIDTH - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle">
                  ₹{compact.format(tick)}
                </text>
              </g>
            ))}
            {labels.map((label, i) =>
              i % every === 0 ? (
                <text key={i} x={AXIS_WIDTH + band * (i + 0.5)} y={height - 8} textAnchor="middle">
                  {label}
                </text>
              ) : null,
            )}
          </g>
          {values.map((value, i) => (
            <rect
              key={labels[i] ?? i}
              x={AXIS_WIDTH + band * i + band * 0.15}
              width={band * 0.7}
              y={y(Math.max(0, value))}
              height={Math.max(0, TOP + plotHeight - y(Math.max(0, value)))}
              rx={2}
              fill={color}
            >
              <title>{`${labels[i] ?? ''}: ${formatRupees(value)}`}</title>
            </rect>
          ))}
        </svg>
      )}
    </Box>
  );
};
