import { ProgressSpinner } from 'primereact/progressspinner';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormController } from './useFormController';

/**
 * What a record's page shows until its form can: a spinner while the record loads, and, when it
 * cannot be read (404, network), `notFound` (the form's own words by default) with the way `back`
 * instead of an empty form. Then the page's own content.
 */
export function RecordGate({
  controller,
  back,
  notFound,
  children,
}: {
  controller: Pick<FormController, 'loading' | 'loadError'>;
  back: ReactNode;
  notFound?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (controller.loading) return <ProgressSpinner />;
  if (controller.loadError) {
    return (
      <div className="load-error" role="alert">
        <p>{notFound ?? t('form.notFound')}</p>
        {back}
      </div>
    );
  }
  return <>{children}</>;
}
