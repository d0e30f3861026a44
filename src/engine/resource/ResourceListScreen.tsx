import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ScreenDefinition } from '../../../common/screenDefinition';
import { createPath } from './paths';
import { ScreenListView } from './ScreenListView';

/** The list page of a screen definition: title, create button, search, filters, table. */
export function ResourceListScreen({ screen }: { screen: ScreenDefinition }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = screen.list!;
  const form = screen.routes.form;
  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t(list.title ?? screen.title)}</h1>
        {screen.permissions.create && form && <Button type="button" label={t('list.create')} icon="pi pi-plus" onClick={() => navigate(createPath(form.path, screen.routes.list.path))} />}
      </div>
      <ScreenListView screen={screen} />
    </section>
  );
}
