import { formatRupees } from '../../../domain/format';

export const formatRange = (min: number, max: number) => `${formatRupees(min)} – ${formatRupees(max)}`;

export const formatPercent = (value: number | null | undefined) => `${(value ?? 0).toFixed(2)} %`;
