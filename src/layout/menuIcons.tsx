import type { ReactElement } from 'react';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import VendorBoardIcon from '@mui/icons-material/InsightsOutlined';
import AddDataIcon from '@mui/icons-material/PostAddOutlined';
import DepositIcon from '@mui/icons-material/SouthWestOutlined';
import WithdrawalIcon from '@mui/icons-material/NorthEastOutlined';
import SettlementIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import VendorSettlementIcon from '@mui/icons-material/RequestQuoteOutlined';
import ChargeBackIcon from '@mui/icons-material/GavelOutlined';
import MerchantIcon from '@mui/icons-material/StorefrontOutlined';
import BankIcon from '@mui/icons-material/AccountBalanceOutlined';
import VendorIcon from '@mui/icons-material/LocalShippingOutlined';
import UserIcon from '@mui/icons-material/ManageAccountsOutlined';
import ReportIcon from '@mui/icons-material/AssessmentOutlined';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import type { SidebarLabel } from '../../domain/menu';

export const MENU_ICONS: Record<SidebarLabel, ReactElement> = {
  Dashboard: <DashboardIcon />,
  'Vendor Board': <VendorBoardIcon />,
  'Add data': <AddDataIcon />,
  Deposit: <DepositIcon />,
  Withdrawals: <WithdrawalIcon />,
  Settlements: <SettlementIcon />,
  'Vendor Settlements': <VendorSettlementIcon />,
  ChargeBack: <ChargeBackIcon />,
  Merchant: <MerchantIcon />,
  'Bank Accounts': <BankIcon />,
  Vendor: <VendorIcon />,
  User: <UserIcon />,
  Reports: <ReportIcon />,
  Admin: <AdminIcon />,
};
