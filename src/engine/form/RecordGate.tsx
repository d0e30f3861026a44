import { ProgressSpinner } from 'primereact/progressspinner';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/ApiError';
import type { FormController } from './useFormController';

/**
 * What a record's page shows until its form can: a spinner while the record loads. A record that
 * does not exist (404) is the route's not-found page, with nothing else of this one: its error is
 * thrown to the route's error element. A record that cannot be read otherwise (the connection)
 * says so, with the way `back`. Then the page's own content.
 */
export function RecordGate({
  controller,
  back,
  children,
}: {
  controller: Pick<FormController, 'loading' | 'loadError'>;
  back: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (controller.loading) return <ProgressSpinner />;
  if (controller.loadError) {
    if (isApiError(controller.loadError) && controller.loadError.status === 404) throw controller.loadError;
    return (
      <div className="load-error" role="alert">
        <p>{t('form.loadFailed')}</p>
        {back}
      </div>
    );
  }
  return <>{children}</>;
}
