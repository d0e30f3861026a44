import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FieldProps } from '@rjsf/utils';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Paginator } from 'primereact/paginator';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Paged } from '../../../common/api';
import type { LibraryBook, LibraryRecord } from '../../../common/subscribers';
import { call, toSearchParams } from '../../engine/api/apiClient';
import { queryKeys } from '../../engine/api/queryKeys';
import type { EngineFormContext } from '../../engine/form/templates';
import { routePathByName } from '../../engine/resource/definitions';
import { formPath } from '../../engine/resource/paths';

const PAGE_SIZE = 10;
/** The route a book opens: the reading-sheet editor. */
const BOOK_ROUTE = 'readingSheets-save';

/**
 * The user's libraries (SPEC §2 'User's library'): each library's name and its books (id, original
 * title, authors), ten libraries a page; a book opens its reading sheet.
 */
export function UserLibrariesField({ registry, schema }: FieldProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const context = registry.formContext as EngineFormContext;
  const userId = context.recordId;
  const [page, setPage] = useState(1);
  const query = { page, perPage: PAGE_SIZE };
  const libraries = useQuery({
    queryKey: queryKeys.related(context.api ?? '', userId ?? '', 'libraries', query),
    queryFn: ({ signal }) => call<Paged<LibraryRecord>>('get', `users/libraries/${userId}`, { searchParams: toSearchParams(query), signal }),
    enabled: userId !== undefined,
    placeholderData: keepPreviousData,
  });
  if (userId === undefined) return null;
  const bookPath = routePathByName(BOOK_ROUTE);
  const rows = libraries.data?.data ?? [];
  const total = libraries.data?.meta.total ?? 0;
  return (
    <section className="user-libraries" aria-label={String(schema.title ?? '')}>
      {libraries.isLoading ? <p className="muted">{t('app.loading')}</p> : null}
      {libraries.isError ? <p className="muted">{t('list.loadFailed')}</p> : null}
      {libraries.isSuccess && rows.length === 0 ? <p className="muted">{t('widgets.userLibraries.none')}</p> : null}
      {rows.map((library) => (
        <DataTable
          key={library.id}
          className="user-library"
          header={
            <span>
              {library.name} <span className="muted">({t('widgets.userLibraries.books', { count: library.books.length })})</span>
            </span>
          }
          value={library.books}
          dataKey="id"
          size="small"
          stripedRows
          emptyMessage={t('widgets.userLibraries.empty')}
          onRowClick={(event) => navigate(formPath(bookPath, (event.data as LibraryBook).id))}
          rowClassName={() => 'clickable-row'}
        >
          <Column header={t('columns.id')} field="id" style={{ width: '6rem' }} />
          <Column header={t('widgets.userLibraries.originalTitle')} field="original_title" style={{ width: '45%' }} />
          <Column header={t('widgets.userLibraries.authors')} body={(book: LibraryBook) => book.authorList.map((author) => author.name).join(', ') || '-'} />
        </DataTable>
      ))}
      {total > PAGE_SIZE ? (
        <Paginator first={(page - 1) * PAGE_SIZE} rows={PAGE_SIZE} totalRecords={total} onPageChange={(event) => setPage(event.page + 1)} />
      ) : null}
    </section>
  );
}
