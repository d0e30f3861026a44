import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '../../engine/api/ApiError';
import { queryKeys } from '../../engine/api/queryKeys';
import { formPath } from '../../engine/resource/paths';
import { screenName } from './screenTitle';
import { manifestOf, screenOf } from '../../engine/resource/definitions';
import { notify } from '../../engine/notify/notifications';
import { DiffView } from './DiffView';
import { studioCalls, type ScreenImpact } from './studioCalls';
import type { StudioDraft } from './useStudioDraft';

interface Conflict {
  message: string;
  latest: number;
}

/** Where a record of the screen opens (its form page), for the impact's links; none for a screen without one. */
function recordLink(name: string, id: unknown): string | undefined {
  const form = manifestOf(name).routes.form;
  return form ? formPath(form.path, id as number) : undefined;
}

/** Whether a query of the studio reads the stored draft (a diff with `draft` on one side). */
function readsDraft(key: readonly unknown[]): boolean {
  const params = key[2] as { from?: unknown; to?: unknown } | undefined;
  return key[1] === 'diff' && (params?.from === 'draft' || params?.to === 'draft');
}

/**
 * Publishing a draft: the semantic diff against the published version and the stored records the
 * new form would refuse, then a comment and the publish. When a colleague published meanwhile
 * (409), their changes show next to the draft's, and staff keep their draft over them or take theirs.
 */
export function PublishDialog({ name, studio, onClose }: { name: string; studio: StudioDraft; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<Conflict | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const [ready, setReady] = useState(false);
  // Once published, the draft is gone and the base version moves on: the dialog asks nothing more of the draft.
  const [published, setPublished] = useState(false);
  // What waits is saved first: the diff and the publish are the stored draft's.
  const { flush } = studio;
  useEffect(() => {
    void flush().then(() => setReady(true));
  }, [flush]);
  const hasForm = Boolean((studio.draft.definition.form as { schema?: unknown } | undefined)?.schema);
  const diff = useQuery({
    queryKey: queryKeys.screens('diff', { name, from: studio.baseVersion, to: 'draft', at: JSON.stringify(studio.draft).length }),
    queryFn: ({ signal }) => studioCalls.diff(name, studio.baseVersion, 'draft', signal),
    enabled: ready && !published,
    gcTime: 0,
  });
  const impact = useQuery({
    queryKey: queryKeys.screens('impact', { name, at: JSON.stringify(studio.draft) }),
    queryFn: () => studioCalls.impact(name, studio.draft),
    enabled: ready && hasForm && !published,
  });
  const theirs = useQuery({
    queryKey: queryKeys.screens('diff', { name, from: studio.baseVersion, to: conflict?.latest }),
    queryFn: ({ signal }) => studioCalls.diff(name, studio.baseVersion, conflict!.latest, signal),
    enabled: Boolean(conflict),
  });

  const refreshAll = () => queryClient.invalidateQueries({ queryKey: ['screens'] });
  // After a publish the stored draft is gone: the diffs that read it are not asked again (they would answer 404).
  const refreshAfterPublish = () => queryClient.invalidateQueries({ queryKey: ['screens'], predicate: (query) => !readsDraft(query.queryKey) });

  const publish = async (baseVersion: number) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const answer = await studioCalls.publish(name, comment.trim(), baseVersion);
      setPublished(true);
      studio.reset(studio.draft, answer.data.version);
      await refreshAfterPublish();
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        const latest = (await studioCalls.get(name)).version;
        setConflict({ message: error.message, latest });
      } else
        setRefusal(
          isApiError(error)
            ? [error.message, ...Object.entries(error.errors).map(([path, messages]) => `${path}: ${messages.join(' ')}`)].join('\n')
            : String(error),
        );
    } finally {
      setBusy(false);
    }
  };

  const takeTheirs = async () => {
    setBusy(true);
    try {
      const latest = await studioCalls.version(name, conflict!.latest);
      const content = { definition: latest.definition, labels: latest.labels };
      await studioCalls.saveDraft(name, content);
      studio.reset(content, conflict!.latest);
      notify({ severity: 'info', summary: t('screens.studio.title'), detail: t('screens.studio.tookTheirs', { version: conflict!.latest }) });
      await refreshAll();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  const footer = conflict ? (
    <div className="studio-dialog-actions">
      <Button type="button" label={t('screens.studio.goBack')} text onClick={onClose} />
      <Button type="button" label={t('screens.studio.takeTheirs')} outlined loading={busy} onClick={() => void takeTheirs()} />
      <Button type="button" label={t('screens.studio.keepMine')} loading={busy} onClick={() => void publish(conflict.latest)} />
    </div>
  ) : (
    <div className="studio-dialog-actions">
      <Button type="button" label={t('screens.studio.goBack')} text onClick={onClose} />
      <Button
        type="button"
        label={t('screens.studio.confirmPublish')}
        icon="pi pi-upload"
        loading={busy}
        disabled={!ready || diff.isLoading || (hasForm && impact.isLoading)}
        onClick={() => void publish(studio.baseVersion)}
      />
    </div>
  );

  return (
    <Dialog
      header={t('screens.studio.publishTitle')}
      visible
      onHide={onClose}
      footer={footer}
      className="studio-dialog"
      breakpoints={{ '1100px': '95vw' }}
      style={{ width: '60rem' }}
    >
      {conflict ? (
        <>
          <p className="p-error">{conflict.message}</p>
          <div className="studio-side-by-side">
            <section>
              <h3>{t('screens.studio.theirChanges', { version: conflict.latest })}</h3>
              {theirs.data ? <DiffView diff={theirs.data} json={false} /> : <p className="studio-muted">{t('screens.studio.loading')}</p>}
            </section>
            <section>
              <h3>{t('screens.studio.yourChanges')}</h3>
              {diff.data ? <DiffView diff={diff.data} json={false} /> : null}
            </section>
          </div>
        </>
      ) : (
        <>
          <h3>{t('screens.studio.changes')}</h3>
          {diff.data ? (
            <DiffView diff={diff.data} json={false} />
          ) : diff.error ? (
            <p className="p-error">{isApiError(diff.error) ? diff.error.message : String(diff.error)}</p>
          ) : (
            <p className="studio-muted">{t('screens.studio.loading')}</p>
          )}
          {hasForm ? (
            <>
              <h3>{t('screens.studio.impact')}</h3>
              {impact.data ? (
                <ImpactView name={name} impact={impact.data} />
              ) : impact.error ? (
                <p className="p-error">{isApiError(impact.error) ? impact.error.message : String(impact.error)}</p>
              ) : (
                <p className="studio-muted">{t('screens.studio.measuring')}</p>
              )}
            </>
          ) : null}
          <label htmlFor="publish-comment" className="studio-label">
            {t('screens.studio.comment')}
          </label>
          <InputTextarea
            id="publish-comment"
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            rows={2}
            autoResize
            className="studio-wide"
            maxLength={2000}
          />
          {refusal ? (
            <p className="p-error studio-pre" role="alert">
              {refusal}
            </p>
          ) : null}
        </>
      )}
    </Dialog>
  );
}

function ImpactView({ name, impact }: { name: string; impact: ScreenImpact }) {
  const { t } = useTranslation();
  // '12 genres would be refused…': the screen's own name for its records (its menu's, else its title).
  const named = screenName(screenOf(name));
  const what = named ? t(named).toLowerCase() : t('screens.studio.records', { count: impact.refused });
  return (
    <div className="studio-impact" role="status">
      <p className={impact.refused ? 'studio-warning' : 'studio-ok'}>
        {impact.refused === 0
          ? t('screens.studio.noneRefused', { measured: impact.measured })
          : t('screens.studio.refused', { count: impact.refused, what, reason: impact.first[0]?.reason ?? '' })}
        {impact.sample ? ` ${t('screens.studio.sample', { measured: impact.measured, total: impact.total })}` : ''}
      </p>
      {impact.first.length ? (
        <ul>
          {impact.first.map((entry) => {
            const to = recordLink(name, entry.id);
            return (
              <li key={String(entry.id)}>
                {to ? (
                  <Link to={to} target="_blank">
                    #{String(entry.id)}
                  </Link>
                ) : (
                  `#${String(entry.id)}`
                )}{' '}
                {entry.reason}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
