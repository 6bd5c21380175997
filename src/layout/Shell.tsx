import { AdminUI, CustomRoutes, useTranslate } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { homePath } from '../../domain/access';
import { ALL_SCREENS } from '../../domain/menu';
import { MerchantsProvider } from '../merchants';
import { SCREENS } from '../resources/screens';
import { useSession } from '../session/SessionProvider';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { Screen } from './Screen';

const Home = () => {
  const { role } = useSession();
  return <Navigate to={role ? homePath(role) : '/'} replace />;
};

/** Everything under /app: the merchant list, the layout, and one route per screen of SPEC §2. */
export const Shell = () => {
  const translate = useTranslate();
  return (
    <MerchantsProvider>
      <AdminUI layout={Layout} dashboard={Home} catchAll={NotFound} disableTelemetry title={translate('app.name')}>
        <CustomRoutes>
          {ALL_SCREENS.map((item) => (
            <Route key={item.key} path={item.key} element={<Screen item={item} component={SCREENS[item.key]} />} />
          ))}
        </CustomRoutes>
      </AdminUI>
    </MerchantsProvider>
  );
};
