import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { Messages } from '../../../common/i18nResources';
import { notify } from '../../engine/notify/notifications';
import { FullScreenLoader } from '../../layout/FullScreenLoader';
import { HistoryDialog } from './HistoryDialog';
import type { JsonPaneHandle } from './json/JsonPane';
import { definitionSyntaxError, syntaxCursor } from './json/jsonSyntax';
import { syntaxMessage, syntaxPlace } from './json/syntaxMessage';
import { ColumnsPane } from './panes/ColumnsPane';
import { FiltersPane } from './panes/FiltersPane';
import { FormPane } from './panes/FormPane';
import { LabelsPane } from './panes/LabelsPane';
import { PreviewPane } from './preview/PreviewPane';
import { PublishDialog } from './PublishDialog';
import { usePermissions } from '../../engine/access/usePermissions';
import { holdsSystem } from '../../engine/access/screenAccess';
import { flaggedVersion, ReleaseNotice } from './ReleaseNotice';
import { STUDIO_PATH } from './studioRoute';
import { screenName } from './screenTitle';
import { useStudioDraft, type StudioDraft } from './useStudioDraft';
import './studio.css';

/** The JSON pane: CodeMirror, loaded with this page only. */
const JsonPane = lazy(() => import('./json/JsonPane'));

/**
 * `/studio/:name`: one screen's draft, edited with structured controls (columns, filters, form
 * fields, labels) and as JSON, both the same draft, saved on the server as staff work and checked
 * by the server's complete check; a live preview of the draft on the real data; publishing with
 * a comment after the diff and the impact; the history with diffs, rollback, reset and export.
 */
export function StudioScreen() {
  const { t } = useTranslation();
  const name = useParams().name!;
  const state = useStudioDraft(name);
  if (state.loading) {
    if (state.error) {
      return (
        <section className="page">
          <h1 className="page-title">{t('screens.studio.title')}</h1>
          <p>{t('screens.studio.notFound', { name })}</p>
          <Link to={STUDIO_PATH}>{t('screens.studio.back')}</Link>
        </section>
      );
    }
    return <FullScreenLoader />;
  }
  return <StudioEditor key={name} name={name} studio={state} />;
}

function StudioEditor({ name, studio }: { name: string; studio: StudioDraft }) {
  const { t } = useTranslation();
  const { detail, draft, problems, update } = studio;
  const [publishing, setPublishing] = useState(false);
  const [history, setHistory] = useState(false);
  const [tab, setTab] = useState(0);
  const jsonPane = useRef<JsonPaneHandle>(null);

  // The JSON text follows the other controls; while staff type in it, what they type stays, even when not JSON yet.
  const [text, setText] = useState(() => JSON.stringify(draft.definition, null, 2));
  const fromJson = useRef<unknown>(undefined);
  useEffect(() => {
    if (fromJson.current !== draft.definition) setText(JSON.stringify(draft.definition, null, 2));
  }, [draft.definition]);
  const onJson = (next: string) => {
    setText(next);
    try {
      const parsed = JSON.parse(next) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        fromJson.current = parsed;
        update({ definition: parsed as Record<string, unknown> });
      }
    } catch {
      // Not JSON yet: the pane says where; the draft keeps its last readable state.
    }
  };

  // Where the text stops being a definition's JSON: a problem like the others, and the controls wait until it reads again.
  const syntax = useMemo(() => definitionSyntaxError(text), [text]);
  const describeSyntax = useMemo(() => (error: NonNullable<typeof syntax>) => syntaxMessage(t, error), [t]);

  const title = t(screenName(detail.definition) ?? name);
  const saveText = { idle: '', saving: t('screens.studio.saving'), saved: t('screens.studio.saved'), failed: t('screens.studio.saveFailed') }[studio.saveState];
  // The controls change the definition the text holds: while it cannot be read, they change nothing (they are locked too).
  const paneProps = { draft, catalog: studio.catalog, namespace: studio.namespace, problems, update: syntax ? () => undefined : update };
  const problemTotal = problems.length + (syntax ? 1 : 0);
  const canPublish = studio.checked && problemTotal === 0;
  // Publishing is its own permission (docs/permissions.md): without it, no Publish button.
  const mayPublish = holdsSystem(usePermissions(), 'studio.publish');
  // Something to throw away: a draft other than the version in use, or a text that is not JSON.
  const inUse = { definition: detail.definition, labels: detail.labels };
  const canDiscard = Boolean(syntax) || JSON.stringify(draft) !== JSON.stringify(inUse);
  const discard = () =>
    confirmDialog({
      header: t('screens.studio.discardTitle'),
      message: detail.version === 0 ? t('screens.studio.discardQuestionFile') : t('screens.studio.discardQuestion', { version: detail.version }),
      acceptLabel: t('screens.studio.discard'),
      acceptClassName: 'p-button-danger',
      rejectLabel: t('screens.studio.goBack'),
      defaultFocus: 'reject',
      // The draft starts again from the version in use, and the JSON text with it (a text that was not JSON included).
      accept: () =>
        void studio.discard().then(
          (message) => notify({ severity: 'success', summary: t('notices.success'), detail: message }),
          () => undefined,
        ),
    });
  const flagged = flaggedVersion(detail);
  // The draft is the flagged version opened for repair (from here or from the list), until staff change it.
  const repairing = detail.repair ? JSON.stringify(draft.definition) === JSON.stringify(detail.repair.definition) : false;
  // The flagged version (or its merge with the release's file) becomes the draft, saved and checked: its problems show below.
  const repair = () => {
    const content = detail.repair;
    if (!content) return;
    const open = () => {
      studio.reset({ definition: content.definition, labels: content.labels as Messages }, detail.version);
      void studio.flush();
    };
    if (!studio.changed) return open();
    confirmDialog({
      header: t('screens.studio.repairConfirmTitle'),
      message: t('screens.studio.repairConfirm', { version: flagged }),
      acceptLabel: t('screens.studio.repairReplace'),
      rejectLabel: t('screens.studio.goBack'),
      accept: open,
    });
  };

  return (
    <section className="page studio-page">
      <div className="page-header studio-header">
        <div>
          <Link to={STUDIO_PATH} className="studio-back">
            <i className="pi pi-arrow-left" aria-hidden="true" /> {t('screens.studio.back')}
          </Link>
          <h1 className="page-title">{t('screens.studio.editing', { screen: title })}</h1>
          <p className="studio-muted">
            {detail.version === 0 ? t('screens.studio.basedOnFile') : t('screens.studio.basedOn', { version: studio.baseVersion })}{' '}
            {detail.rebased ? `${t('screens.studio.rebased', { version: detail.version })} ` : null}
            <span role="status" className="studio-save-state">
              {saveText}
            </span>
          </p>
        </div>
        <div className="studio-header-actions">
          <Button type="button" label={t('screens.studio.history')} icon="pi pi-history" outlined onClick={() => setHistory(true)} />
          <Button
            type="button"
            label={t('screens.studio.discard')}
            icon="pi pi-trash"
            severity="danger"
            outlined
            disabled={!canDiscard}
            tooltip={!canDiscard ? t('screens.studio.nothingToDiscard') : undefined}
            tooltipOptions={{ showOnDisabled: true, position: 'bottom' }}
            onClick={discard}
          />
          {mayPublish ? (
            <Button
              type="button"
              label={t('screens.studio.publish')}
              icon="pi pi-upload"
              disabled={!canPublish || !studio.changed}
              tooltip={!canPublish ? t('screens.studio.cannotPublish') : !studio.changed ? t('screens.studio.nothingToPublish') : undefined}
              tooltipOptions={{ showOnDisabled: true, position: 'bottom' }}
              onClick={() => setPublishing(true)}
            />
          ) : null}
        </div>
      </div>

      {flagged !== undefined ? (
        <>
          <ReleaseNotice flags={detail} detailed onRepair={repair} />
          {repairing ? (
            <p className="studio-muted" role="status">
              {t('screens.studio.repairOpened', { version: flagged })}
            </p>
          ) : null}
        </>
      ) : null}

      <div className="studio-problems" role="region" aria-label={t('screens.studio.problems')} aria-live="polite">
        {problemTotal === 0 ? (
          <p className="studio-ok">
            <i className="pi pi-check-circle" aria-hidden="true" /> {studio.checked ? t('screens.studio.noProblems') : t('screens.studio.checking')}
          </p>
        ) : (
          <>
            <p className="p-error">{t('screens.studio.problemCount', { count: problemTotal })}</p>
            <ul>
              {syntax ? (
                <li key="syntax">
                  <button type="button" className="studio-link-button" onClick={() => jsonPane.current?.revealOffset(syntaxCursor(syntax))}>
                    {syntaxPlace(t, syntax)}
                  </button>{' '}
                  {syntaxMessage(t, syntax)}
                </li>
              ) : null}
              {problems.map((problem) => (
                <li key={`${problem.path}:${problem.message}`}>
                  <button type="button" className="studio-link-button" onClick={() => jsonPane.current?.reveal(problem.path)}>
                    <code>{problem.path}</code>
                  </button>{' '}
                  {problem.message}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>

      <div className="studio-panes">
        <div className="studio-pane studio-pane-structured">
          {syntax ? (
            <p className="studio-locked" role="status">
              <i className="pi pi-lock" aria-hidden="true" /> {t('screens.studio.syntaxLocked', { line: syntax.line })}
            </p>
          ) : null}
          <div inert={Boolean(syntax)} className={syntax ? 'studio-controls is-locked' : 'studio-controls'}>
            <TabView activeIndex={tab} onTabChange={(event) => setTab(event.index)}>
              <TabPanel header={t('screens.studio.columns')} disabled={!draft.definition.list}>
                <ColumnsPane {...paneProps} />
              </TabPanel>
              <TabPanel header={t('screens.studio.filters')} disabled={!draft.definition.list}>
                <FiltersPane {...paneProps} />
              </TabPanel>
              <TabPanel header={t('screens.studio.formFields')}>
                <FormPane {...paneProps} />
              </TabPanel>
              <TabPanel header={t('screens.studio.labels')}>
                <LabelsPane {...paneProps} />
              </TabPanel>
            </TabView>
          </div>
        </div>
        <div className="studio-pane studio-pane-json">
          <h2 className="studio-pane-title" id="studio-json-title">
            {t('screens.studio.json')}
          </h2>
          <Suspense fallback={<p className="studio-muted">{t('screens.studio.loadingEditor')}</p>}>
            <JsonPane
              ref={jsonPane}
              value={text}
              onChange={onJson}
              schema={studio.catalog.metaSchema}
              problems={problems}
              describeSyntax={describeSyntax}
              label={t('screens.studio.jsonLabel', { screen: title })}
            />
          </Suspense>
        </div>
        <div className="studio-pane studio-pane-preview">
          <h2 className="studio-pane-title">{t('screens.studio.preview')}</h2>
          <PreviewPane name={name} namespace={studio.namespace} draft={draft} clean={canPublish} />
        </div>
      </div>

      {publishing ? <PublishDialog name={name} studio={studio} onClose={() => setPublishing(false)} /> : null}
      {history ? <HistoryDialog name={name} studio={studio} onClose={() => setHistory(false)} /> : null}
    </section>
  );
}
