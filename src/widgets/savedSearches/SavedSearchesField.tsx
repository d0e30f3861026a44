import { useQuery } from '@tanstack/react-query';
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { SAVED_FILTER_CATEGORIES, type SavedSearchView } from '../../../common/subscribers';
import { call } from '../../engine/api/apiClient';
import { queryKeys } from '../../engine/api/queryKeys';
import type { EngineFormContext } from '../../engine/form/templates';
import { StarsDisplay } from '../stars/StarsDisplay';
import { dayOf } from '../subscriptionPanel/dates';

/** The locale the server writes the filters' names in: the interface's (English). */
const LANG = 'en';

/**
 * The user's saved searches (SPEC §2 'User's search'): each with its title, date, free text, the
 * filters written as text per category (names resolved by the server) and the ratings with their
 * minimum stars. Loaded when the tab opens (`GET admin/users/searches/{id}`).
 */
export function SavedSearchesField({ registry, schema }: FieldProps) {
  const { t } = useTranslation();
  const context = registry.formContext as EngineFormContext;
  const userId = context.recordId;
  const searches = useQuery({
    queryKey: queryKeys.related(context.api ?? '', userId ?? '', 'searches', { lang: LANG }),
    queryFn: ({ signal }) => call<{ data: SavedSearchView[] }>('get', `users/searches/${userId}`, { searchParams: { lang: LANG }, signal }),
    enabled: userId !== undefined,
  });
  if (userId === undefined) return null;
  const rows = searches.data?.data ?? [];
  return (
    <section className="saved-searches" aria-label={String(schema.title ?? '')}>
      {searches.isLoading ? <p className="muted">{t('app.loading')}</p> : null}
      {searches.isError ? <p className="muted">{t('list.loadFailed')}</p> : null}
      {searches.isSuccess && rows.length === 0 ? <p className="muted">{t('widgets.savedSearches.none')}</p> : null}
      {rows.map((search) => (
        <article key={search.id} className="saved-search-card">
          <header>
            <h3>{search.title}</h3>
            <span className="muted">{t('widgets.savedSearches.savedOn', { date: dayOf(search.created_at) })}</span>
          </header>
          <dl>
            {search.text_search ? (
              <div className="saved-search-row">
                <dt>{t('widgets.savedSearches.textSearch')}</dt>
                <dd>{search.text_search}</dd>
              </div>
            ) : null}
            {SAVED_FILTER_CATEGORIES.filter((category) => search.filter_texts[category]).map((category) => (
              <div key={category} className="saved-search-row">
                <dt>{t(`widgets.savedSearches.categories.${category}`)}</dt>
                <dd>{search.filter_texts[category]}</dd>
              </div>
            ))}
            {search.ratingsFilter.map((rating) => (
              <div key={rating.id} className="saved-search-row">
                <dt>{rating.name}</dt>
                <dd>
                  <StarsDisplay value={rating.rate} label={t('widgets.savedSearches.rate', { name: rating.name, rate: rating.rate })} />
                </dd>
              </div>
            ))}
          </dl>
          {!search.text_search && !Object.keys(search.filter_texts).length && !search.ratingsFilter.length ? (
            <p className="muted">{t('widgets.savedSearches.noFilter')}</p>
          ) : null}
        </article>
      ))}
    </section>
  );
}
