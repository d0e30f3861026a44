import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ScreenDefinition } from '../../../common/screenDefinition';
import { ListView } from '../list/ListView';
import { useListController } from '../list/useListController';
import { createPath, formPath } from './paths';

/** The list page of a screen definition: title, create button, search, filters, table. */
export function ResourceListScreen({ screen }: { screen: ScreenDefinition }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = screen.list!;
  const controller = useListController({
    api: screen.api,
    searchParam: list.search?.param,
    filters: list.filters,
    pageSizes: list.pageSizes,
    defaultPageSize: list.defaultPageSize,
  });
  const form = screen.routes.form;
  const { create, edit, delete: canDelete, deleteWhen } = screen.permissions;
  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t(list.title ?? screen.title)}</h1>
        {create && form && <Button label={t('list.create')} icon="pi pi-plus" onClick={() => navigate(createPath(form.path, screen.routes.list.path))} />}
      </div>
      <ListView
        controller={controller}
        columns={list.columns}
        filters={list.filters}
        searchPlaceholder={list.search ? t(list.search.placeholder) : undefined}
        onOpen={form ? (row) => navigate(formPath(form.path, row.id)) : undefined}
        canEdit={edit}
        canDelete={canDelete ? (row) => (deleteWhen ? row[deleteWhen] === true : true) : undefined}
      />
    </section>
  );
}
