import { istDayOf } from '../../../domain/format';
import type { Report } from './report';

/** What the report form holds; a vendor user's own vendor code is not in it but fixed from the session. */
export interface ReportValues {
  merchantCode?: string[];
  includeSubMerchants?: boolean | '';
  vendorCode?: string[];
  status?: string;
  method?: string;
  from: string;
  to: string;
}

export type ReportQuery = Record<string, unknown>;

/** The form's first range: today, as an IST calendar day. */
export const todayValues = (now: Date = new Date()): ReportValues => {
  const today = istDayOf(now);
  return { from: today, to: today };
};

/**
 * The report's filters as GET /v1/<api> and its export take them, in the contract's order; the
 * HTTP module leaves out what is empty and comma-joins the codes. Include Sub Merchant is always
 * sent, ticked or not: the routes differ in what they assume without it. `ownVendor` is a vendor
 * user's vendor code, null for staff who choose.
 */
export const queryOf = <R>(report: Report<R>, values: ReportValues, ownVendor: string | null): ReportQuery => ({
  ...(report.party === 'merchants'
    ? { merchantCode: values.merchantCode, includeSubMerchants: values.includeSubMerchants === true }
    : { vendorCode: ownVendor ?? values.vendorCode }),
  ...(report.statuses && { status: values.status }),
  ...(report.methods && { method: values.method }),
  from: values.from,
  to: values.to,
});

/** A form check: the range ends on or after the day it starts (yyyy-mm-dd compares as text). */
export const notBeforeFrom = (message: string) => (to: unknown, values: Partial<ReportValues>) =>
  typeof to === 'string' && values.from && to < values.from ? message : undefined;
