/**
 * Display formats of the dashboard (SPEC §5, §9): rupees with Indian digit grouping, dates in
 * Indian Standard Time. IST has a fixed offset and no daylight saving, so plain arithmetic on
 * the offset gives the same result as the Asia/Kolkata zone on every machine.
 */
export const IST_OFFSET_MS = 19_800_000;
const DAY_MS = 86_400_000;

/** 1234567 -> '12,34,567': the last three digits, then groups of two. */
const groupIndian = (digits: string): string => {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${digits.slice(-3)}`;
};

export const formatRupees = (amount: number | null | undefined): string => {
  const value = typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
  const [whole, fraction] = Math.abs(value).toFixed(2).split('.');
  const text = `₹${groupIndian(whole)}.${fraction}`;
  return value < 0 && text !== '₹0.00' ? `-${text}` : text;
};

type DateInput = string | number | Date | null | undefined;

/** The instant shifted into IST, read back with the UTC getters; null when missing or invalid. */
const toIst = (value: DateInput): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(ms) ? null : new Date(ms + IST_OFFSET_MS);
};

const pad = (n: number) => String(n).padStart(2, '0');

const datePart = (ist: Date) => `${pad(ist.getUTCDate())}/${pad(ist.getUTCMonth() + 1)}/${ist.getUTCFullYear()}`;

/** 'dd/mm/yyyy' in IST; '' when missing or invalid. */
export const formatDate = (value: DateInput): string => {
  const ist = toIst(value);
  return ist ? datePart(ist) : '';
};

/** 'dd/mm/yyyy at hh:mm:ss AM/PM' in IST; '' when missing or invalid. */
export const formatDateTime = (value: DateInput): string => {
  const ist = toIst(value);
  if (!ist) return '';
  const hours = ist.getUTCHours();
  const clock = `${pad(hours % 12 || 12)}:${pad(ist.getUTCMinutes())}:${pad(ist.getUTCSeconds())}`;
  return `${datePart(ist)} at ${clock} ${hours < 12 ? 'AM' : 'PM'}`;
};

/** An IST day 'yyyy-mm-dd' as the screens write it, 'dd/mm/yyyy'; other text unchanged. */
export const formatIstDay = (day: string | null | undefined): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (day ?? '');
};

/** The current IST calendar day as UTC instants: IST midnight to the next IST midnight minus 1 ms. */
export const todayRange = (now: Date = new Date()): { startDate: string; endDate: string } => {
  const istMidnight = Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS;
  const start = istMidnight - IST_OFFSET_MS;
  return { startDate: new Date(start).toISOString(), endDate: new Date(start + DAY_MS - 1).toISOString() };
};

/** 'IMG_PENDING' -> 'Img Pending', 'bank_used_for' -> 'Bank Used For'. */
export const snakeToTitle = (value: string | null | undefined): string =>
  (value ?? '')
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');

/** 'yyyy-mm-dd' of an IST calendar day -> the UTC instant its IST midnight falls on (ISO); '' when not a date. */
export const istDayStart = (day: string | null | undefined, addDays = 0): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return '';
  const utcMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  return new Date(utcMidnight - IST_OFFSET_MS).toISOString();
};

/** The IST calendar day of an instant as 'yyyy-mm-dd' (what a date input shows); '' when missing or invalid. */
export const istDayOf = (value: DateInput): string => {
  const ist = toIst(value);
  return ist ? ist.toISOString().slice(0, 10) : '';
};
