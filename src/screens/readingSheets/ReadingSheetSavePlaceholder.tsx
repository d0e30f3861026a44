import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { call } from '../../engine/api/apiClient';
import { queryKeys } from '../../engine/api/queryKeys';

/**
 * `/reading-sheet/:id?` (readingSheets-save) until the reading-sheet editor exists: the page title
 * and the sheet's original title (from `GET admin/books/{id}` when it answers, else its id).
 * PLACEHOLDER: the bespoke editor replaces this screen.
 */
export function ReadingSheetSavePlaceholder() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const sheet = useQuery({
    queryKey: queryKeys.record('books', id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) => (await call<{ data: { original_title?: string } }>('get', `books/${encodeURIComponent(id!)}`, { quiet: true, signal })).data,
  });
  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screens.reading-sheets.save.title')}</h1>
      </div>
      {id && <h2 className="reading-sheet-title">{sheet.data?.original_title ?? t('screens.reading-sheets.save.sheet', { id })}</h2>}
      <p>{t('screens.reading-sheets.save.placeholder')}</p>
      <Button label={t('screens.reading-sheets.save.back')} icon="pi pi-arrow-left" text onClick={() => navigate('/reading-sheets')} />
    </section>
  );
}
