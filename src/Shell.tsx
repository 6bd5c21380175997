import type { ComponentType } from 'react';
import { AdminUI, CustomRoutes, Resource, useTranslate } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { homePath, type Action } from '../../domain/access';
import { ALL_SCREENS } from '../../domain/menu';
import { MerchantsProvider } from '../merchants';
import { AdminNotifications } from '../notifications';
import { RESOURCES } from '../resources/resources';
import { SCREENS } from '../resources/screens';
import { useSession } from '../session/SessionProvider';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { ResourceScreen, Screen } from './Screen';

const Home = () => {
  const { role } = useSession();
  return <Navigate to={role ? homePath(role) : '/'} replace />;
};

const view = (name: string, action: Action, component?: ComponentType) =>
  component && <ResourceScreen name={name} action={action} component={component} />;

/** Everything under /app: the merchant list, the layout, the resources, and a route for every other screen of SPEC §2. */
export const Shell = () => {
  const translate = useTranslate();
  return (
    <MerchantsProvider>
      <AdminUI
        layout={Layout}
        dashboard={Home}
        catchAll={NotFound}
        notification={AdminNotifications}
        disableTelemetry
        title={translate('app.name')}
      >
        {Object.entries(RESOURCES).map(([name, config]) => (
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
          {ALL_SCREENS.filter((item) => !(item.key in RESOURCES)).map((item) => (
            <Route key={item.key} path={item.key} element={<Screen item={item} component={SCREENS[item.key]} />} />
          ))}
        </CustomRoutes>
      </AdminUI>
    </MerchantsProvider>
  );
};
