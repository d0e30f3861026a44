import { Button } from 'primereact/button';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PopularBook } from '../../../common/dashboard';
import { sheetPath } from '../readingSheet/sheetRoute';

/** How far an arrow scrolls the slider (SPEC §9: 340 px). */
const SLIDER_STEP_PX = 340;

/**
 * 'Fiches les plus regardées' (SPEC §2 'Dashboard'): the most viewed sheets in a row that the
 * arrows scroll by 340 px; each shows its views, its cover (or its primary genre's colour), its
 * original title and authors, and opens the sheet.
 */
export function PopularBooksSlider({ books }: { books: readonly PopularBook[] }) {
  const { t } = useTranslation();
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => track.current?.scrollBy({ left: direction * SLIDER_STEP_PX, behavior: 'smooth' });
  return (
    <section className="dashboard-card dashboard-slider" aria-labelledby="dashboard-popular">
      <header className="dashboard-card-head">
        <h2 id="dashboard-popular">{t('screens.dashboard.popular.title')}</h2>
        <div className="dashboard-slider-arrows">
          <Button type="button" icon="pi pi-chevron-left" rounded text aria-label={t('screens.dashboard.popular.previous')} onClick={() => scroll(-1)} />
          <Button type="button" icon="pi pi-chevron-right" rounded text aria-label={t('screens.dashboard.popular.next')} onClick={() => scroll(1)} />
        </div>
      </header>
      {books.length ? (
        <ul className="dashboard-slider-track" ref={track}>
          {books.map((book) => (
            <li key={book.id}>
              <Link to={sheetPath(book.id)} className="dashboard-book">
                <span className="dashboard-book-cover" style={book.coverUrl ? undefined : { background: book.primaryGenreColor ?? '#0091ea' }}>
                  {book.coverUrl ? <img src={book.coverUrl} alt="" loading="lazy" /> : null}
                  <span className="dashboard-book-views">
                    <i className="pi pi-eye" aria-hidden="true" /> {t('screens.dashboard.popular.views', { count: book.numberViews })}
                  </span>
                </span>
                <strong className="dashboard-book-title">{book.originalTitle}</strong>
                <span className="dashboard-book-authors">{book.authorNames || '-'}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t('screens.dashboard.popular.none')}</p>
      )}
    </section>
  );
}
