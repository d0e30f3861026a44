import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/**
 * A page that could not be shown: its code failed to load (most often after an update of the
 * application, or with the connection lost) or it failed while rendering. Offers a reload; the menu
 * stays when the error is a page's own.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <section className="page route-error" role="alert">
      <h1 className="page-title">{t('errors.pageFailed')}</h1>
      <p>{t('errors.reloadHint')}</p>
      <Button type="button" label={t('errors.reload')} icon="pi pi-refresh" onClick={() => window.location.reload()} />
    </section>
  );
}
