import { ReportScreen } from './ReportScreen';
import {
  ACCOUNTS_REPORT,
  PAYINS_REPORT,
  PAYOUTS_REPORT,
  VENDOR_ACCOUNTS_REPORT,
  VENDOR_PAYINS_REPORT,
  VENDOR_PAYOUTS_REPORT,
} from './reports';

/** The six Reports screens of SPEC §2, one component configured six ways. */
export const PayinsReport = () => <ReportScreen report={PAYINS_REPORT} />;
export const VendorPayinsReport = () => <ReportScreen report={VENDOR_PAYINS_REPORT} />;
export const PayoutsReport = () => <ReportScreen report={PAYOUTS_REPORT} />;
export const VendorPayoutsReport = () => <ReportScreen report={VENDOR_PAYOUTS_REPORT} />;
export const AccountsReport = () => <ReportScreen report={ACCOUNTS_REPORT} />;
export const VendorAccountsReport = () => <ReportScreen report={VENDOR_ACCOUNTS_REPORT} />;
