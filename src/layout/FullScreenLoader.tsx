import { ProgressSpinner } from 'primereact/progressspinner';
import { useTranslation } from 'react-i18next';

/** Covers the screen until the app is ready (first navigation guard done). */
export function FullScreenLoader() {
  const { t } = useTranslation();
  return (
    <div className="full-screen-loader" role="progressbar" aria-label={t('app.loading')}>
      <ProgressSpinner />
    </div>
  );
}
