import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { useMemo, useRef, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { expandScreen } from '../../../../common/expandTranslations';
import type { ScreenDefinition } from '../../../../common/screenDefinition';
import { upgradeDefinition } from '../../../../common/upgradeDefinition';
import { isApiError } from '../../../engine/api/ApiError';
import type { ApiRecord } from '../../../engine/api/resourceApi';
import { FormView } from '../../../engine/form/FormView';
import { RecordGate } from '../../../engine/form/RecordGate';
import { useFormController } from '../../../engine/form/useFormController';
import { ListView } from '../../../engine/list/ListView';
import { useElementWidth } from '../../../engine/list/useElementWidth';
import { useListController } from '../../../engine/list/useListController';
import { LoadErrorBoundary } from '../../../engine/LoadErrorBoundary';
import i18n from '../../../i18n';
import { studioCalls, type DraftContent } from '../studioCalls';
import { serverOnlyValidator } from './serverOnlyValidator';

/** The widths the preview shows the screen at. */
export const PREVIEW_WIDTHS = [1440, 1024] as const;

export interface PreviewPaneProps {
  name: string;
  namespace: string;
  draft: DraftContent;
  /** Whether the draft passes the check (else the preview shows the last one that did). */
  clean: boolean;
}

/** The draft's labels over the interface's texts, in an i18n instance of the preview's own. */
function usePreviewI18n(namespace: string, labels: DraftContent['labels']) {
  const instance = useMemo(() => i18n.cloneInstance({ forkResourceStore: true }), []);
  useMemo(() => {
    const nested = namespace
      .split('.')
      .reverse()
      .reduce<Record<string, unknown>>((inner, key) => ({ [key]: inner }), labels as Record<string, unknown>);
    instance.addResourceBundle('en', 'translation', nested, true, true);
  }, [instance, namespace, labels]);
  return instance;
}

/** A screen definition of the draft as the engine renders it, or undefined when it cannot be read. */
function screenOfDraft(
  definition: Record<string, unknown>,
): { list?: ScreenDefinition['list']; schema?: RJSFSchema; uiSchema?: UiSchema; api: string; title?: string; canCreate?: boolean } | undefined {
  try {
    const screen = expandScreen(upgradeDefinition(definition)) as unknown as ScreenDefinition;
    return {
      api: screen.api,
      title: screen.title,
      canCreate: Boolean(screen.permissions.create && screen.form),
      ...(screen.list ? { list: screen.list } : {}),
      ...(screen.form ? { schema: screen.form.schema as RJSFSchema, uiSchema: screen.form.uiSchema as UiSchema } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * The draft rendered by the engine, on the real API's data, at 1440 or 1024 px: its list (a row
 * opens its record in the form) and its form. Read-only: the form's save asks the server to
 * validate the record with the draft's schema and says 'valid' or shows the refusals.
 */
export function PreviewPane({ name, namespace, draft, clean }: PreviewPaneProps) {
  const { t } = useTranslation();
  const [width, setWidth] = useState<(typeof PREVIEW_WIDTHS)[number]>(1440);
  const [view, setView] = useState<'list' | 'form'>('list');
  const [recordId, setRecordId] = useState<string | undefined>(undefined);
  // The last draft that passed the check: a draft with errors would show what the product would refuse.
  const [shown, setShown] = useState(draft);
  if (clean && shown !== draft) setShown(draft);
  const screen = useMemo(() => screenOfDraft(shown.definition), [shown.definition]);
  const instance = usePreviewI18n(namespace, shown.labels);
  // The screen is laid out at the chosen width, then scaled to the pane (as a window that wide, seen smaller).
  const frame = useRef<HTMLDivElement>(null);
  const available = useElementWidth(frame);
  const scale = available ? Math.min(1, available / width) : 1;
  const views = [
    ...(screen?.list ? [{ value: 'list', label: t('screens.studio.previewList') }] : []),
    ...(screen?.schema ? [{ value: 'form', label: t('screens.studio.previewForm') }] : []),
  ];

  return (
    <section className="studio-preview" aria-label={t('screens.studio.preview')}>
      <div className="studio-preview-bar">
        <SelectButton
          value={view}
          options={views}
          onChange={(event) => event.value && setView(event.value as 'list' | 'form')}
          aria-label={t('screens.studio.previewView')}
          allowEmpty={false}
        />
        <SelectButton
          value={width}
          options={PREVIEW_WIDTHS.map((value) => ({ value, label: `${value} px` }))}
          onChange={(event) => event.value && setWidth(event.value as (typeof PREVIEW_WIDTHS)[number])}
          aria-label={t('screens.studio.previewWidth')}
          allowEmpty={false}
        />
        {!clean ? <span className="studio-muted">{t('screens.studio.previewStale')}</span> : null}
      </div>
      <div className="studio-preview-frame" ref={frame}>
        <div className="studio-preview-canvas" style={{ width, zoom: scale }} data-width={width}>
          <I18nextProvider i18n={instance}>
            <LoadErrorBoundary>
              {!screen ? (
                <p className="studio-empty">{t('screens.studio.previewUnreadable')}</p>
              ) : view === 'list' && screen.list ? (
                <PreviewList
                  key={JSON.stringify(screen.list)}
                  api={screen.api}
                  list={screen.list}
                  title={screen.title}
                  onOpen={(row) => (setRecordId(String(row.id)), setView('form'))}
                  onCreate={screen.canCreate && screen.schema ? () => (setRecordId(undefined), setView('form')) : undefined}
                />
              ) : screen.schema ? (
                <PreviewForm
                  key={`${recordId ?? 'new'}-${JSON.stringify(screen.schema).length}`}
                  name={name}
                  api={screen.api}
                  definition={shown.definition}
                  schema={screen.schema}
                  uiSchema={screen.uiSchema}
                  recordId={recordId}
                  onNew={() => setRecordId(undefined)}
                />
              ) : null}
            </LoadErrorBoundary>
          </I18nextProvider>
        </div>
      </div>
    </section>
  );
}

/** The list as its page shows it: its title (the list's, else the screen's) and its Create button (which opens the preview's form of a new record) above the table. */
function PreviewList({
  api,
  list,
  title,
  onOpen,
  onCreate,
}: {
  api: string;
  list: NonNullable<ScreenDefinition['list']>;
  title: string | undefined;
  onOpen(row: ApiRecord): void;
  onCreate: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const controller = useListController({
    api,
    searchParam: list.search?.param,
    filters: list.filters,
    pageSizes: list.pageSizes,
    defaultPageSize: list.defaultPageSize,
    local: true,
  });
  return (
    <div className="page">
      <div className="page-header">
        <h3 className="page-title">{t(list.title ?? title ?? '')}</h3>
        {onCreate ? (
          <div className="page-header-actions">
            <Button type="button" label={t('list.create')} icon="pi pi-plus" onClick={onCreate} />
          </div>
        ) : null}
      </div>
      <ListView
        controller={controller}
        columns={list.columns}
        filters={list.filters}
        searchPlaceholder={list.search ? t(list.search.placeholder) : undefined}
        onOpen={onOpen}
        canEdit
        inlineSearch
        countLabel={list.countLabel}
      />
    </div>
  );
}

interface PreviewFormProps {
  name: string;
  api: string;
  definition: Record<string, unknown>;
  schema: RJSFSchema;
  uiSchema: UiSchema | undefined;
  recordId: string | undefined;
  onNew(): void;
}

function PreviewForm({ name, api, definition, schema, uiSchema, recordId, onNew }: PreviewFormProps) {
  const { t } = useTranslation();
  const [verdict, setVerdict] = useState<string | undefined>(undefined);
  const controller = useFormController({
    api,
    id: recordId,
    schemaProperties: Object.keys(schema.properties ?? {}),
    uiSchema,
    send: async (data) => {
      setVerdict(undefined);
      try {
        const answer = await studioCalls.validate(name, definition, data);
        setVerdict(t('screens.studio.previewValid'));
        return { message: answer.message, data: { ...data, ...(recordId ? { id: Number(recordId) } : {}) } as unknown as ApiRecord };
      } catch (error) {
        if (isApiError(error)) setVerdict(error.message);
        throw error;
      }
    },
  });
  return (
    <div className="page">
      <div className="studio-preview-form-bar">
        <span className="studio-muted">{recordId ? t('screens.studio.previewRecord', { id: recordId }) : t('screens.studio.previewNew')}</span>
        {recordId ? <Button type="button" text size="small" label={t('screens.studio.previewNewRecord')} onClick={onNew} /> : null}
      </div>
      <RecordGate controller={controller} back={null}>
        <FormView
          controller={controller}
          schema={schema}
          uiSchema={uiSchema}
          submitLabel={t('screens.studio.previewValidate')}
          recordId={recordId}
          validator={serverOnlyValidator}
          serverValidation
          idPrefix="preview"
        />
      </RecordGate>
      <p className="studio-verdict" role="status">
        {verdict}
      </p>
    </div>
  );
}
