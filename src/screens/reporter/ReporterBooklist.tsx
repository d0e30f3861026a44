import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Locale } from '../../../common/locales';
import type { ReporterBook } from '../../../common/reporters';
import { queryKeys } from '../../engine/api/queryKeys';
import { confirmDeletion } from '../../engine/notify/confirmDeletion';
import { notify } from '../../engine/notify/notifications';
import { notifyDeletionFailed } from '../../engine/notify/notifyDeletionFailed';
import { routePathByName } from '../../engine/resource/definitions';
import { formPath } from '../../engine/resource/paths';
import { reporterCalls } from './reporterCalls';
import { REPORTER_API } from './reporterRoute';

/** The route a book opens: the reading-sheet editor. */
const SHEET_ROUTE = 'readingSheets-save';
/** The API of the sheets, whose records carry their reporters (`reporterList`). */
const SHEET_API = 'books';

/**
 * A reporter's BOOKLIST (SPEC §2): its sheets grouped by genre (titles in the screen's language),
 * 'No data' when it has none. A row opens the sheet's editor; 'supprimer' takes the sheet off the
 * booklist after 'Are you sure to delete this?', with the deletion notices of SPEC §8.
 */
export function ReporterBooklist({ reporterId, lang }: { reporterId: string; lang: Locale }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = queryKeys.related(REPORTER_API, reporterId, 'books', { lang });
  const groups = useQuery({ queryKey: key, queryFn: ({ signal }) => reporterCalls.books(reporterId, lang, signal) });
  const removal = useMutation({
    mutationFn: (book: ReporterBook) => reporterCalls.removeBook(reporterId, book.id),
    onSuccess: async (_answer, book) => {
      notify({ severity: 'success', summary: t('notices.success'), detail: t('notices.deletionSucceed') });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.relatedOf(REPORTER_API, reporterId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.record(SHEET_API, book.id) }),
      ]);
    },
    onError: notifyDeletionFailed,
  });
  const askRemove = (book: ReporterBook) =>
    confirmDeletion({
      accept: () => removal.mutate(book),
      reject: () => notify({ severity: 'info', summary: t('notices.cancel'), detail: t('notices.deletionCancelled') }),
    });
  const sheetPath = routePathByName(SHEET_ROUTE);
  const data = groups.data ?? [];

  return (
    <section className="reporter-booklist" aria-labelledby="reporter-booklist-title">
      <h2 id="reporter-booklist-title" className="reporter-section-title">
        {t('screens.reporters.booklist.title')}
      </h2>
      {groups.isLoading ? (
        <p>{t('app.loading')}</p>
      ) : groups.error ? (
        <p role="alert">{t('list.loadFailed')}</p>
      ) : data.length === 0 ? (
        <p className="reporter-booklist-empty">{t('screens.reporters.booklist.noData')}</p>
      ) : (
        data.map((group) => (
          <div key={group.id ?? 'none'} className="reporter-booklist-group" data-genre={group.id ?? ''}>
            <h3 className="reporter-booklist-genre">{group.title ?? t('screens.reporters.booklist.noGenre')}</h3>
            <DataTable
              value={group.books}
              dataKey="id"
              size="small"
              stripedRows
              tableStyle={{ tableLayout: 'fixed' }}
              rowClassName={() => 'clickable-row'}
              onRowClick={(e) => navigate(formPath(sheetPath, (e.data as ReporterBook).id))}
            >
              <Column field="title" header={t('screens.reporters.booklist.columns.title')} style={{ width: '32%' }} />
              <Column field="original_title" header={t('screens.reporters.booklist.columns.originalTitle')} style={{ width: '32%' }} />
              <Column field="authors" header={t('screens.reporters.booklist.columns.authors')} body={(book: ReporterBook) => book.authors || '-'} />
              <Column
                header={t('list.actions')}
                style={{ width: '9rem' }}
                body={(book: ReporterBook) => (
                  <Button
                    type="button"
                    label={t('screens.reporters.booklist.remove')}
                    icon="pi pi-trash"
                    size="small"
                    severity="danger"
                    text
                    aria-label={t('screens.reporters.booklist.removeBook', { title: book.title })}
                    loading={removal.isPending && removal.variables?.id === book.id}
                    onClick={(e) => {
                      e.stopPropagation();
                      askRemove(book);
                    }}
                  />
                )}
              />
            </DataTable>
          </div>
        ))
      )}
    </section>
  );
}
