import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Paginator } from 'primereact/paginator';
import { createContext, useContext, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn, ListFilter } from '../../../common/screenDefinition';
import type { ApiRecord } from '../api/resourceApi';
import { confirmDeletion } from '../notify/confirmDeletion';
import { cellOf, useRegistries } from '../registries';
import { columnGroups } from './columnGroups';
import { CursorPaginator } from './CursorPaginator';
import { FilterBar } from './FilterBar';
import { ResultCount } from './ResultCount';
import { SearchBox } from './SearchBox';
import { useElementWidth } from './useElementWidth';
import type { ListController } from './useListController';

/**
 * The rows chosen, for each row's checkbox: the table keeps its cells as long as their row does
 * not change, so a checkbox reads the choice from here (a context reaches a kept cell).
 */
const RowChoices = createContext<{ chosen: ReadonlySet<number>; toggle(row: ApiRecord, on: boolean): void }>({ chosen: new Set(), toggle: () => undefined });

/** A row's checkbox: chosen or not, as the list's choice says. */
function RowChoice({ row }: { row: ApiRecord }) {
  const { t } = useTranslation();
  const { chosen, toggle } = useContext(RowChoices);
  return (
    <input
      type="checkbox"
      className="row-choice-box"
      aria-label={t('list.chooseRow', { id: row.id })}
      checked={chosen.has(row.id)}
      onChange={(event) => toggle(row, event.target.checked)}
    />
  );
}

/** The paginator shows only past this many rows (SPEC §2). */
const PAGINATOR_THRESHOLD = 10;

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
  /**
   * Rows chosen with checkboxes, in the table's first column (a list with bulk actions), and what
   * shows above the table about them (the bulk bar).
   */
  selection?: { chosen: ApiRecord[]; onChange(rows: ApiRecord[]): void; bar?: ReactNode } | undefined;
  /** The i18n key of the count of rows shown beside the paginator (the screen's `list.countLabel`); 'N rows' when none. */
  countLabel?: string | undefined;
}

/**
 * A PrimeReact table over a list controller: search, filters, columns by cell name, row actions,
 * and under it how many rows match beside the paginator. A column's `labelKeys` shows its values' texts; a column declaring `stackBelow` shows
 * under the previous one while the list is narrower than that, so the table fits its width (the
 * row actions stay in view at its right edge in any case).
 */
export function ListView({ controller, columns, filters, searchPlaceholder, onOpen, canEdit, canDelete, inlineSearch, selection, countLabel }: ListViewProps) {
  const { t, i18n } = useTranslation();
  const { cells } = useRegistries();
  const frame = useRef<HTMLDivElement>(null);
  const groups = columnGroups(columns, useElementWidth(frame));
  /** What a column's cell gets: the row's value, or the text of its `labelKeys` key when there is one. */
  const valueOf = (column: ListColumn, row: ApiRecord) => {
    const value = row[column.field];
    const key = column.labelKeys && (typeof value === 'string' || typeof value === 'number') ? `${column.labelKeys}.${value}` : undefined;
    return key && i18n.exists(key) ? t(key) : value;
  };
  const renderCell = (column: ListColumn, row: ApiRecord) => {
    const Cell = cellOf(cells, column.cell);
    return <Cell value={valueOf(column, row)} row={row} />;
  };
  // The rows' own checkboxes (PrimeReact's selection column nests one control in another, unnamed).
  const chosenIds = new Set(selection?.chosen.map((row) => row.id));
  const choosePage = (choice: NonNullable<ListViewProps['selection']>) => {
    const onPage = controller.rows.filter((row) => chosenIds.has(row.id)).length;
    const all = onPage > 0 && onPage === controller.rows.length;
    return (
      <input
        type="checkbox"
        className="row-choice-box"
        aria-label={t('list.choosePage')}
        checked={all}
        ref={(box) => {
          if (box) box.indeterminate = onPage > 0 && !all;
        }}
        disabled={controller.rows.length === 0}
        onChange={() =>
          choice.onChange(
            all
              ? choice.chosen.filter((row) => !controller.rows.some((shown) => shown.id === row.id))
              : [...choice.chosen, ...controller.rows.filter((row) => !chosenIds.has(row.id))],
          )
        }
      />
    );
  };
  const toggleRow = (row: ApiRecord, on: boolean) => selection?.onChange(on ? [...selection.chosen, row] : selection.chosen.filter((one) => one.id !== row.id));
  const askDelete = (row: ApiRecord) => confirmDeletion({ accept: () => void controller.remove(row), reject: () => controller.cancelRemove() });

  const actions = (row: ApiRecord) => (
    <div className="row-actions">
      {onOpen && (
        <Button
          type="button"
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
        <Button
          type="button"
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
    <div className="list-view" ref={frame}>
      {searchPlaceholder !== undefined && (
        <SearchBox value={controller.searchInput} onChange={controller.setSearchInput} placeholder={searchPlaceholder} inline={inlineSearch} />
      )}
      {filters?.length ? <FilterBar filters={filters} values={controller.filters} onChange={controller.setFilter} onClear={controller.clearFilters} /> : null}
      {selection?.bar}
      <RowChoices.Provider value={{ chosen: chosenIds, toggle: toggleRow }}>
        <DataTable
          value={controller.rows}
          dataKey="id"
          loading={controller.fetching}
          emptyMessage={controller.error ? t('list.loadFailed') : controller.loading ? t('app.loading') : t('list.empty')}
          // A click in a row's choice cell chooses it; anywhere else in the row opens it.
          onRowClick={onOpen ? (e) => !(e.originalEvent.target as HTMLElement).closest('.row-choice') && onOpen(e.data as ApiRecord) : undefined}
          rowClassName={() => (onOpen ? 'clickable-row' : '')}
          stripedRows
          size="small"
        >
          {selection ? (
            <Column header={choosePage(selection)} body={(row: ApiRecord) => <RowChoice row={row} />} headerClassName="row-choice" bodyClassName="row-choice" />
          ) : null}
          {groups.map((group) => {
            // A field may show in two columns (a request's user: name, e-mail). The key names every
            // column of the group: the table keeps a cell as long as its key, whatever its body.
            const key = group.map((part) => `${columns.indexOf(part)}-${part.field}`).join('+');
            const stacked = group.length > 1;
            return (
              <Column
                key={key}
                columnKey={key}
                field={group[0].field}
                header={
                  stacked ? (
                    <span className="list-stack">
                      {group.map((part, index) => (
                        <span key={index} className="list-stack-part">
                          {index > 0 ? <span className="visually-hidden">, </span> : null}
                          {t(part.header)}
                        </span>
                      ))}
                    </span>
                  ) : (
                    t(group[0].header)
                  )
                }
                style={group[0].width ? { width: group[0].width } : undefined}
                body={(row: ApiRecord) =>
                  stacked ? (
                    <span className="list-stack">
                      {group.map((part, index) => (
                        <span key={index} className="list-stack-part">
                          {renderCell(part, row)}
                        </span>
                      ))}
                    </span>
                  ) : (
                    renderCell(group[0], row)
                  )
                }
              />
            );
          })}
          {(onOpen || canDelete) && <Column header={t('list.actions')} body={actions} headerClassName="list-actions" bodyClassName="list-actions" />}
        </DataTable>
      </RowChoices.Provider>
      <div className="list-footer">
        <ResultCount controller={controller} label={countLabel} />
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
    </div>
  );
}
