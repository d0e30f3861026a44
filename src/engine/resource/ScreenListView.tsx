import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { columnKey } from '../../../common/viewColumns';
import type { ScreenDefinition } from '../../../common/screenDefinition';
import { ListView } from '../list/ListView';
import { useListController } from '../list/useListController';
import { ListTools } from '../list/views/ListTools';
import { choosableColumns, columnsOfAddress, shownColumns, viewOfAddress } from '../list/views/viewAddress';
import { useScreenAccess } from '../access/usePermissions';
import { useListBulk } from '../list/bulk/useListBulk';
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
  /** Where the Views and Columns buttons go (the page's header); above the list when none. */
  toolsTarget?: HTMLElement | null | undefined;
}

/**
 * The list of a screen definition, as its own page shows it (`ResourceListScreen`) or embedded in
 * another page: filtered by `fixed` parameters, its state kept locally. Rows open the screen's form
 * (edit or view); delete follows the screen's permissions, with the standard dialogs and notices.
 */
export function ScreenListView({ screen, fixed, local = false, toolsTarget }: ScreenListViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = screen.list!;
  // What the screen permits and the reader's roles allow together (docs/permissions.md).
  const access = useScreenAccess(screen);
  // A filter on a field the reader's roles hide is not offered (the server refuses it).
  const filters = useMemo(() => list.filters?.filter((filter) => !access.hidden.has(filter.param)), [list.filters, access.hidden]);
  const controller = useListController({
    api: screen.api,
    searchParam: list.search?.param,
    filters,
    pageSizes: list.pageSizes,
    defaultPageSize: list.defaultPageSize,
    ...(fixed ? { fixed } : {}),
    local,
  });
  const form = screen.routes.form;
  const { deleteWhen } = screen.permissions;
  // The columns: the screen's own, or those a person chose (the address's `columns`, kept in views)
  // among them and the ones the screen offers (`list.columnChoices`).
  const [params] = useSearchParams();
  // A column of a field the reader's roles hide is neither shown nor offered.
  const choosable = useMemo(
    () => choosableColumns(list.columns, list.columnChoices).filter((choice) => !access.hidden.has(choice.column.field)),
    [list.columns, list.columnChoices, access.hidden],
  );
  const chosen = local ? [] : columnsOfAddress(params);
  const columns = shownColumns(choosable, chosen);
  const shape = { searchParam: list.search?.param, filters };
  const bulk = useListBulk({
    api: screen.api,
    actions: local || !access.bulk ? undefined : list.bulkActions?.filter((action) => (action.action === 'delete' ? access.delete : access.update)),
    total: controller.total,
    exact: controller.exact,
    query: viewOfAddress(params, shape).query,
  });
  return (
    <>
      {local ? null : (
        <ListTools
          target={toolsTarget}
          screen={screen.resource}
          shape={shape}
          choosable={choosable}
          shownKeys={columns.map(columnKey)}
          api={screen.api}
          total={controller.total}
          exact={controller.exact}
          canExport={access.export}
        />
      )}
      <ListView
        controller={controller}
        columns={columns}
        filters={filters}
        searchPlaceholder={list.search ? t(list.search.placeholder) : undefined}
        onOpen={form ? (row) => navigate(formPath(form.path, row.id)) : undefined}
        canEdit={access.update}
        canDelete={access.delete ? (row) => (deleteWhen ? row[deleteWhen] === true : true) : undefined}
        inlineSearch={local}
        selection={bulk.selection}
        countLabel={list.countLabel}
      />
      {bulk.dialog}
    </>
  );
}
