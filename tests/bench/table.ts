/** A plain-text table: first column left-aligned, the rest right-aligned. */
export const table = (header: string[], rows: (string | number)[][]): string => {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
};

/** Fixed decimals; '–' for a missing figure. */
export const fmt = (value: number | null | undefined, digits = 1): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(digits);

export const times = (value: number | null | undefined): string =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : `${value.toFixed(2)}×`;
