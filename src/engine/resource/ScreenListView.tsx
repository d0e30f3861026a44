import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ScreenDefinition } from '../../../common/screenDefinition';
import { ListView } from '../list/ListView';
import { useListController } from '../list/useListController';
import { formPath } from './paths';

export interface ScreenListViewProps {
  /** The screen definition whose list (columns, filters, search, row actions) is shown. */
  screen: ScreenDefinition;
  /**
   * Query parameters every call sends (`{ book_id: 12 }`): the list embedded in another record's
   * page, filtered on that record. Keep its identity while it does not change (a memo).
   */
  fixed?: Record<string, unknown>;
  /** Keep paging, search and filters in component memory (embedded lists) instead of the URL. */
  local?: boolean;
}

/**
 * The list of a screen definition, as its own page shows it (`ResourceListScreen`) or embedded in
 * another page: filtered by `fixed` parameters, its state kept locally. Rows open the screen's form
 * (edit or view); delete follows the screen's permissions, with the standard dialogs and notices.
 */
export function ScreenListView({ screen, fixed, local = false }: ScreenListViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = screen.list!;
  const controller = useListController({
    api: screen.api,
    searchParam: list.search?.param,
    filters: list.filters,
    pageSizes: list.pageSizes,
    defaultPageSize: list.defaultPageSize,
    ...(fixed ? { fixed } : {}),
    local,
  });
  const form = screen.routes.form;
  const { edit, delete: canDelete, deleteWhen } = screen.permissions;
  return (
    <ListView
      controller={controller}
      columns={list.columns}
      filters={list.filters}
      searchPlaceholder={list.search ? t(list.search.placeholder) : undefined}
      onOpen={form ? (row) => navigate(formPath(form.path, row.id)) : undefined}
      canEdit={edit}
      canDelete={canDelete ? (row) => (deleteWhen ? row[deleteWhen] === true : true) : undefined}
      inlineSearch={local}
    />
  );
}
