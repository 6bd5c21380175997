import type { ComponentType, LazyExoticComponent } from 'react';
import { CustomRoutes, Resource, useTranslate } from 'react-admin';
import { ConsoleUI } from './layout/ConsoleUI';
import { Navigate, Route } from 'react-router-dom';
import { homePath, type Action, type Screen } from '../domain/access';
import { ALL_SCREENS, type MenuScreen } from '../domain/menu';
import { Layout } from './layout/Layout';
import { lazyScreen } from './layout/lazyScreen';
import { NotFound } from './layout/NotFound';
import { MerchantsProvider } from './merchants';
import { AdminNotifications } from './notifications';
import auditEvents from './resources/audit-events';
import bankAccounts from './resources/bank-accounts';
import bankEntries from './resources/bank-entries';
import liens from './resources/liens';
import merchantApplications from './resources/merchant-applications';
import merchants from './resources/merchants';
import payins from './resources/payins';
import payouts from './resources/payouts';
import providerEvents from './resources/provider-events';
import providers from './resources/providers';
import settlements from './resources/settlements';
import type { ResourceConfig } from './resources/types';
import users from './resources/users';
import vendorSettlements from './resources/vendor-settlements';
import vendors from './resources/vendors';
import { ResourceScreen, ScreenGuard, ScreenRoute } from './ScreenGuard';
import { useSession } from './session/SessionProvider';

/**
 * The screens that are react-admin resources, by their route under /app (SPEC §2; the ADMIN
 * screens outside the menu by domain/access). The data provider calls each one's API resource
 * (apiResourceOf: 'merchant' → /v1/merchants).
 */
export const RESOURCES = {
  merchant: merchants,
  'bank-accounts': bankAccounts,
  'deposit/progress': payins.progress,
  'deposit/completed': payins.completed,
  'deposit/dropped': payins.dropped,
  'deposit/all': payins.all,
  'withdrawal/progress': payouts.progress,
  'withdrawal/completed': payouts.completed,
  'withdrawal/all': payouts.all,
  'add-data': bankEntries,
  vendor: vendors,
  user: users,
  'merchant-applications': merchantApplications,
  'audit-events': auditEvents,
  providers,
  'provider-events': providerEvents,
  settlements,
  vendorsettlements: vendorSettlements,
  lien: liens,
} satisfies Partial<Record<Screen, ResourceConfig>>;

type LazyScreen = LazyExoticComponent<ComponentType>;

/** Every other /app screen of SPEC §2, loaded on first use. A screen's own issue replaces its empty state here. */
export const SCREENS: Partial<Record<MenuScreen, LazyScreen>> = {
  dashboard: lazyScreen(() => import('./pages/dashboard/Dashboard'), 'Dashboard'),
  'vendor-board': lazyScreen(() => import('./pages/dashboard/VendorBoard'), 'VendorBoard'),
  payin: lazyScreen(() => import('./pages/reports/screens'), 'PayinsReport'),
  vendorpayin: lazyScreen(() => import('./pages/reports/screens'), 'VendorPayinsReport'),
  payout: lazyScreen(() => import('./pages/reports/screens'), 'PayoutsReport'),
  vendorpayout: lazyScreen(() => import('./pages/reports/screens'), 'VendorPayoutsReport'),
  report: lazyScreen(() => import('./pages/reports/screens'), 'AccountsReport'),
  vendorreport: lazyScreen(() => import('./pages/reports/screens'), 'VendorAccountsReport'),
};

const ApprovalsPage = lazyScreen(() => import('./pages/approvals/ApprovalsPage'), 'ApprovalsPage');

/** Outside the menu: reached from the top bar's count of requests waiting for the user. */
const Approvals = () => {
  const translate = useTranslate();
  return (
    <ScreenGuard screen="approvals" title={translate('app.screens.approvals')}>
      <ApprovalsPage />
    </ScreenGuard>
  );
};

const Home = () => {
  const { role } = useSession();
  return <Navigate to={role ? homePath(role) : '/'} replace />;
};

const view = (name: Screen, action: Action, component?: ComponentType) =>
  component && <ResourceScreen name={name} action={action} component={component} />;

/** Everything under /app: the merchant list, the layout, the resources, and a route for every other screen. */
export const Shell = () => {
  const translate = useTranslate();
  return (
    <MerchantsProvider>
      <ConsoleUI
        layout={Layout}
        dashboard={Home}
        catchAll={NotFound}
        notification={AdminNotifications}
        disableTelemetry
        title={translate('app.name')}
      >
        {(Object.entries(RESOURCES) as [keyof typeof RESOURCES, ResourceConfig][]).map(([name, config]) => (
          <Resource
            key={name}
            name={name}
            icon={config.icon}
            recordRepresentation={config.recordRepresentation}
            list={view(name, 'read', config.list)}
            show={view(name, 'read', config.show)}
            edit={view(name, 'update', config.edit)}
            create={view(name, 'create', config.create)}
          />
        ))}
        <CustomRoutes>
          {ALL_SCREENS.flatMap((item) => {
            const component = SCREENS[item.key];
            return component
              ? [<Route key={item.key} path={item.key} element={<ScreenRoute item={item} component={component} />} />]
              : [];
          })}
          <Route path="approvals" element={<Approvals />} />
        </CustomRoutes>
      </ConsoleUI>
    </MerchantsProvider>
  );
};
