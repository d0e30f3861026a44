import { useEffect } from 'react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { RegistriesProvider } from '../engine/registries';
import { Notifications } from '../layout/Notifications';
import { registries } from '../widgets/registry';

/** Root of every page: hands the widget registries to the engine, scrolls to the top on navigation and hosts the toasts. */
export function Root() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <RegistriesProvider value={registries}>
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
      <Outlet />
      <Notifications />
      <ConfirmDialog />
    </RegistriesProvider>
  );
}
