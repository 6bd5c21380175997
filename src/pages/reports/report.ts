import type { ReactNode } from 'react';
import type { TranslateFunction } from 'react-admin';
import { formatDate, formatDateTime, formatRupees, istDayStart, snakeToTitle } from '../../../domain/format';
import { vendorPosition } from '../../../domain/settlement';
import type { MenuScreen } from '../../../domain/menu';
import { statusKey } from '../../i18n/codeLabels';
import { POSITION_KEY } from '../../resources/vendors/VendorMoney';

/** A column of a report: the row's field it shows (its label `app.reports.fields.<source>`) and how. */
export interface ReportColumn<R> {
  source: keyof R & string;
  /** Its label when not the field's own, `app.reports.fields.<label>`. */
  label?: string;
  /** Counts and amounts line up on the right. */
  numeric?: boolean;
  render?(row: R, translate: TranslateFunction): ReactNode;
}

type KeyOf<R, T> = { [K in keyof R]: R[K] extends T ? K : never }[keyof R] & string;

/** The kinds of column the reports draw, for one row type. */
export const columnsOf = <R>() => ({
  text: (source: keyof R & string): ReportColumn<R> => ({ source }),
  /** A status code in words (SPEC §5). */
  status: (source: KeyOf<R, string>): ReportColumn<R> => ({
    source,
    render: (row, translate) => {
      const code = row[source] as string;
      return translate(statusKey(code), { _: snakeToTitle(code) });
    },
  }),
  count: (source: KeyOf<R, number>): ReportColumn<R> => ({ source, numeric: true }),
  money: (source: KeyOf<R, number | null>): ReportColumn<R> => ({
    source,
    numeric: true,
    render: (row) => formatRupees(row[source] as number | null),
  }),
  /** An instant, in IST. */
  time: (source: KeyOf<R, string | null>): ReportColumn<R> => ({
    source,
    render: (row) => formatDateTime(row[source] as string | null),
  }),
  /** An IST calendar day (yyyy-mm-dd) as dd/mm/yyyy. */
  day: (source: KeyOf<R, string>): ReportColumn<R> => ({
    source,
    render: (row) => formatDate(istDayStart(row[source] as string)),
  }),
  /** A vendor's balance in words: who owes whom, and how much. */
  position: (source: KeyOf<R, number>, codeOf: (row: R) => string): ReportColumn<R> => ({
    source,
    render: (row, translate) => {
      const balance = row[source] as number;
      return translate(`resources.vendor.position.${POSITION_KEY[vendorPosition(balance)]}`, {
        code: codeOf(row),
        amount: formatRupees(Math.abs(balance)),
      });
    },
  }),
});

export interface Choice {
  id: string;
  name: string;
}

/** One report screen as data: what it asks GET /v1/<api> for, and the columns it draws. */
export interface Report<R> {
  /** Its route under /app. */
  screen: MenuScreen;
  /** The API path under /v1; the CSV is at `<api>/export`. */
  api: string;
  /** Filtered by merchant codes (with their sub-merchants), or by vendor codes. */
  party: 'merchants' | 'vendors';
  /** The Status and Method choices, if the report has them; none chosen is All. */
  statuses?: Choice[];
  methods?: Choice[];
  columns: readonly ReportColumn<R>[];
  /** The accounts' rows have no id: a party and a day name one. */
  rowId?(row: R): string;
}
