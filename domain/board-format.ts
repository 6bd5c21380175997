/** How the boards say a rate and a duration (issue 13): '87.5%', '2 min 5 s'. Null means there was nothing to measure. */

const UNITS = [
  ['d', 86_400],
  ['h', 3_600],
  ['min', 60],
  ['s', 1],
] as const;

/** Whole seconds in the two largest units that are not zero: '45 s', '2 min 5 s', '1 h 3 min', '2 d 4 h'. */
export const formatDuration = (seconds: number | null | undefined): string | null => {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return null;
  let rest = Math.round(seconds);
  const pieces: string[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || pieces.length > 0) pieces.push(`${count} ${unit}`);
  }
  const shown = pieces.slice(0, 2).filter((piece) => !piece.startsWith('0 '));
  return shown.length > 0 ? shown.join(' ') : '0 s';
};

/** A fraction 0..1 as a percentage with one decimal: 0.875 -> '87.5%'. */
export const formatRate = (fraction: number | null | undefined): string | null =>
  typeof fraction === 'number' && Number.isFinite(fraction) ? `${(fraction * 100).toFixed(1)}%` : null;
