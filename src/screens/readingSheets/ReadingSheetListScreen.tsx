import { useTranslation } from 'react-i18next';

/** `/reading-sheets`: the catalogue list (its table and filters arrive with the catalogue API). */
export function ReadingSheetListScreen() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page-title">{t('readingSheets.listTitle')}</h1>
    </section>
  );
}
