import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ScreenDefinition } from '../../../common/screenDefinition';
import { createPath } from './paths';
import { ScreenListView } from './ScreenListView';
import { useScreenAccess } from '../access/usePermissions';

/** The list page of a screen definition: title, create button, search, filters, table. */
export function ResourceListScreen({ screen }: { screen: ScreenDefinition }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = screen.list!;
  const form = screen.routes.form;
  const access = useScreenAccess(screen);
  // The list's Views and Columns buttons go beside Create: the header's row has room for them, the table keeps its place.
  const [tools, setTools] = useState<HTMLElement | null>(null);
  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t(list.title ?? screen.title)}</h1>
        <div className="page-header-actions">
          <div ref={setTools} className="list-tools-slot" />
          {access.create && form && (
            <Button type="button" label={t('list.create')} icon="pi pi-plus" onClick={() => navigate(createPath(form.path, screen.routes.list.path))} />
          )}
        </div>
      </div>
      <ScreenListView screen={screen} toolsTarget={tools} />
    </section>
  );
}
