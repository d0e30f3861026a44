import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { FieldErrors } from '../../../../common/validation';
import { isApiError } from '../../../engine/api/ApiError';
import { queryKeys } from '../../../engine/api/queryKeys';
import { errorLabel } from '../../../engine/form/errorLabel';
import { RecordGate } from '../../../engine/form/RecordGate';
import { UnsavedChangesGuard } from '../../../engine/form/UnsavedChangesGuard';
import { KeptChangesNotice } from '../../../engine/session/KeptChangesNotice';
import { aiCalls, AI_UPDATE_BOOK_API, draftMadeWith, type AiBookAnswer } from '../ai/aiCalls';
import { sendSheet } from '../sendSheet';
import { StaleNotice } from '../StaleNotice';
import { normalizeSheet, useSheetForm } from '../sheetForm';
import { LIST_PATH, SHEET_API, sheetPath } from '../sheetRoute';
import { CharactersComparison } from './CharactersComparison';
import { ComparisonRowView } from './ComparisonRowView';
import { comparisonOf, type ComparisonRow } from './comparisonSections';
import { aiValue, applyTransfers, sectionTransfers, type Transfer } from './transfers';
import { useNameMatches } from './useNameMatches';
import '../readingSheet.css';
import './aiComparison.css';

/** A name row, for its directory search. */
const nameRow = (rows: ReadonlyMap<string, ComparisonRow>, key: 'authorList' | 'company_id') => rows.get(key) as Extract<ComparisonRow, { kind: 'name' }>;

/** The field of the sheet a row writes, to find a refused save's errors. */
const rowField = (row: ComparisonRow) => (row.kind === 'text' ? row.field : row.kind === 'rating' ? row.key : row.key);
const errorsOf = (errors: FieldErrors, field: string) =>
  Object.entries(errors)
    .filter(([key]) => key === field || key.startsWith(`${field}.`))
    .flatMap(([, messages]) => messages);

/**
 * `/reading-sheet/:id/ai-comparation` (readingSheets-aiComparation, SPEC §2): the sheet's saved
 * values beside its AI draft, section by section. Each value, or a whole section, is transferred
 * to the sheet (or undone) here, and 'SAVE THE CHANGES' saves the sheet with them through
 * `POST admin/ai-books/update-book/{id}` with the version read. The transfers are a list over the
 * stored sheet: when someone else saved the sheet meanwhile (409), the sheet is read again and
 * the same transfers are made on it, so neither side loses anything.
 */
export function AiComparisonScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useParams().id!;
  const key = queryKeys.related('books', id, 'ai-result');
  const answer = useQuery({ queryKey: key, queryFn: ({ signal }) => aiCalls.aiBook(id, signal) });
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState<string | undefined>(undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const form = useSheetForm();
  const comparison = comparisonOf(form);
  const authorRow = nameRow(comparison.rows, 'authorList');
  const companyRow = nameRow(comparison.rows, 'company_id');

  const stored = useMemo(() => (answer.data ? normalizeSheet(answer.data.book) : undefined), [answer.data]);
  const draft = answer.data?.aiBook ?? null;
  const sheet = useMemo(() => (stored && draft ? applyTransfers(stored, draft, transfers) : stored), [stored, draft, transfers]);
  const authors = useNameMatches(authorRow, draft ? (aiValue(authorRow, draft) as string | undefined) : undefined);
  const company = useNameMatches(companyRow, draft ? (aiValue(companyRow, draft) as string | undefined) : undefined);
  const names = { authorList: authors, company_id: company };

  const transfer = (next: Transfer) => {
    setTransfers((current) => [...current.filter((item) => item.key !== next.key), next]);
    setErrors({});
  };
  const undo = (key: string) => {
    setTransfers((current) => current.filter((item) => item.key !== key));
    setErrors({});
  };

  const save = async () => {
    if (!sheet || !transfers.length) return;
    setSaving(true);
    setStale(undefined);
    setErrors({});
    try {
      const saved = await sendSheet({ api: AI_UPDATE_BOOK_API, id, data: sheet, files: {} });
      // The page shows the sheet as saved at once; the editor forgets the copy it read, so it
      // opens on the saved sheet rather than on that copy until a new read comes back.
      queryClient.setQueryData<AiBookAnswer>(key, (current) => (current ? { ...current, book: saved.data as AiBookAnswer['book'] } : current));
      queryClient.removeQueries({ queryKey: queryKeys.record(SHEET_API, id) });
      setTransfers([]);
    } catch (error) {
      if (isApiError(error) && error.status === 409) setStale(error.message);
      else if (isApiError(error)) setErrors(error.errors);
    } finally {
      setSaving(false);
    }
  };

  /** After a conflict: the sheet as saved by the other, with the same transfers made on it. */
  const reload = async () => {
    setStale(undefined);
    await queryClient.invalidateQueries({ queryKey: key });
  };

  const back = (
    <Button type="button" label={t('screens.reading-sheets.aiComparison.back')} icon="pi pi-arrow-left" text onClick={() => navigate(sheetPath(id))} />
  );
  const toList = <Button type="button" label={t('screens.reading-sheets.back')} icon="pi pi-arrow-left" text onClick={() => navigate(LIST_PATH)} />;
  const language = draft ? t(`locales.${draft.locale}`) : '';
  const errorEntries = Object.entries(errors).filter(([, messages]) => messages.length);

  return (
    <section className="page ai-comparison-page">
      <UnsavedChangesGuard dirty={transfers.length > 0 && !saving} keep={() => (transfers.length > 0 ? { value: transfers } : undefined)} />
      <div className="page-header">
        <h1 className="page-title">{t('screens.reading-sheets.aiComparison.title')}</h1>
      </div>
      <RecordGate controller={{ loading: answer.isLoading, loadError: answer.error }} back={toList}>
        {!draft || !stored || !sheet ? (
          <div className="load-error" role="status">
            <p>{t('screens.reading-sheets.aiComparison.noDraft')}</p>
            {back}
          </div>
        ) : (
          <>
            <p className="cmp-intro">
              {t('screens.reading-sheets.aiComparison.subtitle', { title: String(stored.original_title ?? '') })} {draftMadeWith(t, draft)}
            </p>
            <KeptChangesNotice onRestore={(value) => setTransfers(value as Transfer[])} />
            {stored.is_ai_generation_running ? (
              <Message severity="info" className="cmp-message" text={t('screens.reading-sheets.aiComparison.running')} />
            ) : null}
            {stale ? (
              <StaleNotice
                title={t('screens.reading-sheets.aiComparison.stale.title')}
                message={stale}
                reloadLabel={t('screens.reading-sheets.aiComparison.stale.reload')}
                onReload={() => void reload()}
              />
            ) : null}
            {errorEntries.length ? (
              <div className="form-error-summary" role="alert">
                <p className="form-error-summary-title">
                  <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('screens.reading-sheets.aiComparison.errors')}
                </p>
                <ul>
                  {errorEntries.map(([field, messages]) => (
                    <li key={field}>{field === '_' ? messages.join(' ') : `${errorLabel(field, form.schema, form.uiSchema, t)}: ${messages.join(' ')}`}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="cmp-columns" aria-hidden="true">
              <span />
              <span>{t('screens.reading-sheets.aiComparison.savedColumn', { language })}</span>
              <span />
              <span>{t('screens.reading-sheets.aiComparison.aiColumn', { language })}</span>
            </div>
            {comparison.sections.map((section) => {
              const rows = section.rows.filter((row) => row.kind !== 'criterion' || row.key in draft.criteria || aiValue(row, draft) !== undefined);
              const pending = sectionTransfers(section, sheet, draft, transfers, { authorList: authors.matched, company_id: company.matched });
              const title = t(`screens.reading-sheets.aiComparison.sections.${section.id}`);
              return (
                <section key={section.id} className="cmp-section" aria-labelledby={`cmp-${section.id}`}>
                  <header className="cmp-section-head">
                    <h2 id={`cmp-${section.id}`}>{title}</h2>
                    {pending.length ? (
                      <Button
                        type="button"
                        size="small"
                        outlined
                        icon="pi pi-angle-double-left"
                        label={t('screens.reading-sheets.aiComparison.transferSection')}
                        aria-label={t('screens.reading-sheets.aiComparison.transferSectionLabel', { section: title })}
                        onClick={() => {
                          const keys = new Set(pending.map((item) => item.key));
                          setTransfers((current) => [...current.filter((item) => !keys.has(item.key)), ...pending]);
                          setErrors({});
                        }}
                      />
                    ) : null}
                  </header>
                  {rows.map((row) =>
                    row.kind === 'characters' ? (
                      <CharactersComparison
                        key={row.key}
                        stored={stored}
                        sheet={sheet}
                        draft={draft}
                        transfers={transfers}
                        onTransfer={transfer}
                        onUndo={undo}
                      />
                    ) : (
                      <ComparisonRowView
                        key={row.key}
                        row={row}
                        sheet={sheet}
                        draft={draft}
                        transferred={transfers.some((item) => item.key === row.key)}
                        names={row.kind === 'name' ? names[row.key] : undefined}
                        errors={errorsOf(errors, rowField(row))}
                        onTransfer={transfer}
                        onUndo={undo}
                      />
                    ),
                  )}
                </section>
              );
            })}
            <div className="form-actions cmp-actions">
              <span className="cmp-pending" role="status">
                {transfers.length
                  ? t('screens.reading-sheets.aiComparison.pending', { count: transfers.length })
                  : t('screens.reading-sheets.aiComparison.nothingToSave')}
              </span>
              {back}
              <Button
                type="button"
                label={t('screens.reading-sheets.aiComparison.save')}
                icon="pi pi-save"
                loading={saving}
                disabled={!transfers.length}
                onClick={() => void save()}
              />
            </div>
          </>
        )}
      </RecordGate>
    </section>
  );
}
