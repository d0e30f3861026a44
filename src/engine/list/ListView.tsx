import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Paginator } from 'primereact/paginator';
import { useTranslation } from 'react-i18next';
import type { ListColumn, ListFilter } from '../../../common/screenDefinition';
import type { ApiRecord } from '../api/resourceApi';
import { confirmDeletion } from '../notify/confirmDeletion';
import { cellOf, useRegistries } from '../registries';
import { CursorPaginator } from './CursorPaginator';
import { FilterBar } from './FilterBar';
import { SearchBox } from './SearchBox';
import type { ListController } from './useListController';

/** The paginator shows only past this many rows (SPEC §2). */
export const PAGINATOR_THRESHOLD = 10;

export interface ListViewProps {
  controller: ListController;
  columns: ListColumn[];
  filters?: ListFilter[] | undefined;
  searchPlaceholder?: string | undefined;
  /** Opens a row (edit or view); rows are clickable when set. */
  onOpen?: ((row: ApiRecord) => void) | undefined;
  canEdit?: boolean;
  /** Whether a row shows its delete button. */
  canDelete?: (row: ApiRecord) => boolean;
  /** Render the search box in place instead of the header slot (tables inside a form). */
  inlineSearch?: boolean;
}

/** A PrimeReact table over a list controller: search, filters, columns by cell name, row actions, paginator. */
export function ListView({ controller, columns, filters, searchPlaceholder, onOpen, canEdit, canDelete, inlineSearch }: ListViewProps) {
  const { t } = useTranslation();
  const { cells } = useRegistries();
  const askDelete = (row: ApiRecord) => confirmDeletion({ accept: () => void controller.remove(row), reject: () => controller.cancelRemove() });

  const actions = (row: ApiRecord) => (
    <div className="row-actions">
      {onOpen && (
        <Button type="button"
          icon={canEdit ? 'pi pi-pencil' : 'pi pi-eye'}
          rounded
          text
          aria-label={canEdit ? t('list.edit') : t('list.view')}
          onClick={(e) => {
            e.stopPropagation();
            onOpen(row);
          }}
        />
      )}
      {canDelete && !canDelete(row) ? (
        // The button's room kept, so that the other actions stay in their column on every row.
        <span className="p-button p-button-icon-only p-button-rounded p-button-text row-action-placeholder" aria-hidden="true" />
      ) : null}
      {canDelete?.(row) && (
        <Button type="button"
          icon="pi pi-trash"
          rounded
          text
          severity="danger"
          aria-label={t('list.delete')}
          onClick={(e) => {
            e.stopPropagation();
            askDelete(row);
          }}
        />
      )}
    </div>
  );

  return (
    <div className="list-view">
      {searchPlaceholder !== undefined && (
        <SearchBox value={controller.searchInput} onChange={controller.setSearchInput} placeholder={searchPlaceholder} inline={inlineSearch} />
      )}
      {filters?.length ? <FilterBar filters={filters} values={controller.filters} onChange={controller.setFilter} onClear={controller.clearFilters} /> : null}
      <DataTable
        value={controller.rows}
        dataKey="id"
        loading={controller.fetching}
        emptyMessage={controller.error ? t('list.loadFailed') : controller.loading ? t('app.loading') : t('list.empty')}
        onRowClick={onOpen ? (e) => onOpen(e.data as ApiRecord) : undefined}
        rowClassName={() => (onOpen ? 'clickable-row' : '')}
        stripedRows
        size="small"
      >
        {columns.map((column, index) => {
          const Cell = cellOf(cells, column.cell);
          return (
            <Column
              // A field may show in two columns (a request's user: name, e-mail).
              key={`${index}-${column.field}`}
              field={column.field}
              header={t(column.header)}
              style={column.width ? { width: column.width } : undefined}
              body={(row: ApiRecord) => <Cell value={row[column.field]} row={row} />}
            />
          );
        })}
        {(onOpen || canDelete) && <Column header={t('list.actions')} body={actions} style={{ width: '8rem' }} />}
      </DataTable>
      {controller.total > PAGINATOR_THRESHOLD &&
        (controller.exact ? (
          <Paginator
            first={(controller.page - 1) * controller.perPage}
            rows={controller.perPage}
            totalRecords={controller.total}
            rowsPerPageOptions={controller.pageSizes}
            onPageChange={(e) => controller.setPage(e.page + 1, e.rows)}
          />
        ) : (
          <CursorPaginator controller={controller} />
        ))}
    </div>
  );
}
