import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { recordOfPath } from '../app/recordRoutes';
import { isApiError } from '../engine/api/ApiError';
import { NotFoundScreen } from '../screens/NotFoundScreen';
import { RecordNotFoundScreen } from '../screens/RecordNotFoundScreen';

/** A page the route says does not exist (404), or whose record the API says does not (`RecordGate`). */
const isNotFound = (error: unknown) => (isRouteErrorResponse(error) || isApiError(error)) && error.status === 404;

/**
 * A page that could not be shown. Not there (a route its screen does not allow): the not-found
 * page, inside the layout, with nothing else; a record that does not exist: the record's own
 * not-found page (which record is gone, the way back to its list, its deletion when known). Its
 * code failed to load (most often after an update of the application, or with the connection
 * lost) or it failed while rendering: a reload is offered; the menu stays when the error is a
 * page's own.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isNotFound(error)) {
    // A record's page whose record the API does not have: which record is gone, and the way back to its list.
    const record = isApiError(error) ? recordOfPath(pathname) : undefined;
    return record ? <RecordNotFoundScreen key={pathname} api={record.api} id={record.id} /> : <NotFoundScreen />;
  }
  console.error(error);
  return (
    <section className="page route-error" role="alert">
      <h1 className="page-title">{t('errors.pageFailed')}</h1>
      <p>{t('errors.reloadHint')}</p>
      <Button type="button" label={t('errors.reload')} icon="pi pi-refresh" onClick={() => window.location.reload()} />
    </section>
  );
}
