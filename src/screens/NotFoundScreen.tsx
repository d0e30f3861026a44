import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** Any path that matches no screen. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="page not-found">
      <h1>{t('errors.notFoundTitle')}</h1>
      <p>{t('errors.notFound')}</p>
      <Button type="button" label={t('errors.backHome')} onClick={() => navigate('/')} />
    </section>
  );
}
