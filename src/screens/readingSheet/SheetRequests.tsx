import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreen } from '../../engine/resource/definitions';
import { ScreenListView } from '../../engine/resource/ScreenListView';

/**
 * The requests made on this sheet: the requests screen's own table (schemas/demands.screen.json:
 * its columns, status and type filters, the status select, edit and delete), filtered on the
 * sheet (`book_id`), its paging and filters kept on this page.
 */
export function SheetRequests({ bookId }: { bookId: string | number }) {
  const { t } = useTranslation();
  const fixed = useMemo(() => ({ book_id: bookId }), [bookId]);
  const requests = useScreen('demands');
  return (
    <section className="sheet-requests" aria-labelledby="sheet-requests-title">
      <h2 id="sheet-requests-title" className="sheet-section-title">
        {t('screens.reading-sheets.requests.title')}
      </h2>
      <ScreenListView screen={requests} fixed={fixed} local />
    </section>
  );
}
