import { useEffect } from 'react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { Notifications } from '../layout/Notifications';

/** Root of every page: scrolls to the top on navigation and hosts the toasts. */
export function Root() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
      <Outlet />
      <Notifications />
      <ConfirmDialog />
    </>
  );
}
