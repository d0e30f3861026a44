import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { call, toSearchParams } from '../engine/api/apiClient';
import { formatDateTime } from '../engine/format/formatDateTime';
import { HISTORY_API, type RecordHistoryPage } from '../engine/history/historyCalls';
import { revisionAuthor } from '../engine/history/revisionText';
import { screenManifest } from '../engine/resource/definitions';
import { ACTIVITY_PATH } from './activity/activityRoute';

export interface RecordNotFoundScreenProps {
  /** The resource the page asked for (its API name: `genres`, `books`). */
  api: string;
  id: string;
}

/** The record's newest revision, asked without a toast: a record no history knows simply has none. */
const newestRevision = async (api: string, id: string, signal: AbortSignal) =>
  (
    await call<RecordHistoryPage>('get', `${HISTORY_API}/${encodeURIComponent(api)}/${encodeURIComponent(id)}`, {
      searchParams: toSearchParams({ page: 1, perPage: 1 }),
      signal,
      noErrorToast: true,
    })
  ).data[0];

/** The Activity page showing a deletion: its resource, its day (in UTC, as the filter reads days) and who made it. */
function activityPathOf(api: string, at: string, administratorId: number | undefined): string {
  const day = at.slice(0, 10);
  return `${ACTIVITY_PATH}?${toSearchParams({ resource: api, from: day, to: day, administrator: administratorId })}`;
}

/**
 * A record's page whose record does not exist (its read answered 404): says which kind of record
 * is gone, in staff's words ('This genre no longer exists (it may have been deleted)'), with the
 * way back to its list and, when its history has its deletion, when and by whom, and a link to
 * that deletion in Activity. Shown inside the layout, with nothing else of the page.
 */
export function RecordNotFoundScreen({ api, id }: RecordNotFoundScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = screenManifest.find((screen) => screen.api === api)?.routes.list.path;
  const noun = (count: number) => t(`recordNotFound.nouns.${api}`, { count, defaultValue: t('recordNotFound.nouns.record', { count }) });
  const history = useQuery({ queryKey: ['record-not-found', api, id], queryFn: ({ signal }) => newestRevision(api, id, signal), retry: false, staleTime: 0 });
  const deletion = history.data?.action === 'delete' ? history.data : undefined;
  return (
    <section className="page not-found record-not-found">
      <h1 className="page-title">{t(deletion ? 'recordNotFound.titleDeleted' : 'recordNotFound.title', { noun: noun(1) })}</h1>
      {deletion ? (
        <p>
          {t(deletion.label ? 'recordNotFound.deletedNamed' : 'recordNotFound.deletedBy', {
            label: deletion.label,
            when: formatDateTime(deletion.at),
            who: revisionAuthor(deletion, t),
          })}
        </p>
      ) : null}
      <div className="record-not-found-actions">
        <Button
          type="button"
          label={list ? t('recordNotFound.back', { nouns: noun(2) }) : t('errors.backHome')}
          icon="pi pi-arrow-left"
          onClick={() => navigate(list ?? '/')}
        />
        {deletion ? (
          <Link className="p-button p-button-outlined" to={activityPathOf(api, deletion.at, deletion.administrator?.id)}>
            <i className="pi pi-history" aria-hidden="true" />
            <span>{t('recordNotFound.seeDeletion')}</span>
          </Link>
        ) : null}
      </div>
    </section>
  );
}
