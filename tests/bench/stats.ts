export interface Summary {
  n: number;
  mean: number;
  p50: number;
  p99: number;
  min: number;
  max: number;
}

/** Nearest-rank percentile of sorted values (p in 0..100). */
export const percentile = (sorted: number[], p: number): number => {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
};

export const summarize = (samples: number[]): Summary => {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1);
  return {
    n: sorted.length,
    mean,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
  };
};

export const round = (value: number, digits = 2): number => {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
