import { Button } from 'primereact/button';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiDraftRecord } from '../../../../common/aiDraft';
import type { ApiRecord } from '../../../engine/api/resourceApi';
import { StarsDisplay } from '../../../widgets/stars/StarsDisplay';
import { wordDiff } from '../../../engine/diff/wordDiff';
import { IdValues } from './IdValues';
import { rowLabel, type ComparisonRow, type NameRow } from './comparisonSections';
import { TextDiff } from '../../../engine/diff/TextDiff';
import { aiValue, holdsAiValue, sheetValue, type Transfer } from './transfers';
import type { NameMatches } from './useNameMatches';

export interface ComparisonRowViewProps {
  row: Exclude<ComparisonRow, { kind: 'characters' }>;
  /** The sheet as it will be saved: as stored, with the transfers made. */
  sheet: ApiRecord;
  draft: AiDraftRecord;
  transferred: boolean;
  /** For a name row: the directory's records of its names. */
  names?: NameMatches | undefined;
  /** Messages of a refused save about this row's field. */
  errors?: readonly string[] | undefined;
  onTransfer(transfer: Transfer): void;
  onUndo(key: string): void;
}

const ids = (value: unknown): number[] => (Array.isArray(value) ? value : typeof value === 'number' ? [value] : []) as number[];
const without = (list: readonly number[], others: readonly number[]) => new Set(list.filter((id) => !others.includes(id)));

/** The stars of a rating, read as '3 of 4 stars'. */
function Stars({ value }: { value: number | undefined }) {
  const { t } = useTranslation();
  if (value === undefined) return <span className="cmp-empty">{t('screens.reading-sheets.aiComparison.empty')}</span>;
  return <StarsDisplay value={value} label={t('screens.reading-sheets.aiComparison.stars', { count: value })} />;
}

/** The names a name row shows on the sheet's side: its authors, or its first publishing house. */
function sheetNames(row: NameRow, sheet: ApiRecord): string | undefined {
  if (row.key === 'company_id') return (sheet.company as { name?: string } | null | undefined)?.name ?? undefined;
  const names = ((sheet.authorList as { name?: string }[] | undefined) ?? []).map((author) => author.name).filter(Boolean);
  return names.length ? names.join(', ') : undefined;
}

/**
 * One row of the AI comparison: the field's label, the sheet's value (left), the transfer button
 * (or its undo), and the draft's value (right), with the words or choices that differ marked and,
 * for some lists and the ratings, the AI's reasons.
 */
export function ComparisonRowView({ row, sheet, draft, transferred, names, errors, onTransfer, onUndo }: ComparisonRowViewProps) {
  const { t } = useTranslation();
  const label = t(rowLabel(row));
  const proposed = aiValue(row, draft);
  const saved = sheetValue(row, sheet, draft.locale);
  const holds = !transferred && holdsAiValue(row, sheet, draft);
  const empty = <span className="cmp-empty">{t('screens.reading-sheets.aiComparison.empty')}</span>;
  const nothing = <span className="cmp-empty">{t('screens.reading-sheets.aiComparison.nothingProposed')}</span>;

  const savedText = typeof saved === 'string' && saved.trim() ? saved : undefined;
  const proposedText = row.kind === 'text' && typeof proposed === 'string' ? proposed : undefined;
  const diff = useMemo(
    () => (savedText !== undefined && proposedText !== undefined && !transferred ? wordDiff(savedText, proposedText) : undefined),
    [savedText, proposedText, transferred],
  );

  let left: ReactNode;
  let right: ReactNode;
  let transfer: Transfer | undefined = proposed === undefined || holds ? undefined : { key: row.key };
  switch (row.kind) {
    case 'text':
      left = diff ? <TextDiff parts={diff.before} side="before" /> : (savedText ?? empty);
      right = diff ? <TextDiff parts={diff.after} side="after" /> : (proposedText ?? nothing);
      break;
    case 'criterion': {
      const savedIds = ids(saved);
      const proposedIds = ids(proposed);
      const reasons = row.justified
        ? new Map((draft.justifications[row.key as keyof AiDraftRecord['justifications']] ?? []).map((entry) => [entry.id, entry.justification] as const))
        : undefined;
      left = (
        <IdValues ids={savedIds} source={row.source} side="saved" marked={transferred || proposed === undefined ? undefined : without(savedIds, proposedIds)} />
      );
      right =
        proposed === undefined ? (
          nothing
        ) : (
          <IdValues ids={proposedIds} source={row.source} side="ai" marked={transferred ? undefined : without(proposedIds, savedIds)} reasons={reasons} />
        );
      break;
    }
    case 'rating': {
      const reason = draft.ratings_justifications[row.type];
      left = <Stars value={typeof saved === 'number' ? saved : undefined} />;
      right =
        proposed === undefined ? (
          nothing
        ) : (
          <>
            <Stars value={proposed as number} />
            {reason ? <span className="cmp-reason">{reason}</span> : null}
          </>
        );
      break;
    }
    case 'name': {
      left = sheetNames(row, sheet) ?? empty;
      const onSheet = row.key === 'company_id' ? [sheet.company_id] : ((sheet.authorList as { id: number }[] | undefined) ?? []).map((author) => author.id);
      const usable = (names?.matched ?? []).filter((record) => !onSheet.includes(record.id));
      transfer = !transferred && usable.length ? { key: row.key, value: usable } : undefined;
      right =
        proposed === undefined ? (
          nothing
        ) : (
          <>
            <span>{String(proposed)}</span>
            {names?.loading ? <span className="cmp-note">{t('screens.reading-sheets.aiComparison.names.searching')}</span> : null}
            {names?.matched.length ? (
              <span className="cmp-note">
                {t('screens.reading-sheets.aiComparison.names.found', { names: names.matched.map((record) => record.name).join(', ') })}
              </span>
            ) : null}
            {names?.missing.length ? (
              <span className="cmp-note warn">{t('screens.reading-sheets.aiComparison.names.missing', { names: names.missing.join(', ') })}</span>
            ) : null}
          </>
        );
      break;
    }
  }

  return (
    <div className={`cmp-row${transferred ? ' transferred' : ''}${errors?.length ? ' has-error' : ''}`} data-row={row.key}>
      <div className="cmp-label">
        {label}
        {transferred ? <span className="cmp-tag">{t('screens.reading-sheets.aiComparison.transferred')}</span> : null}
        {holds ? <span className="cmp-tag same">{t('screens.reading-sheets.aiComparison.same')}</span> : null}
      </div>
      <div className="cmp-saved">{left}</div>
      <div className="cmp-action">
        {transferred ? (
          <Button
            type="button"
            icon="pi pi-undo"
            rounded
            text
            severity="secondary"
            aria-label={t('screens.reading-sheets.aiComparison.undo', { field: label })}
            tooltip={t('screens.reading-sheets.aiComparison.undo', { field: label })}
            tooltipOptions={{ position: 'top' }}
            onClick={() => onUndo(row.key)}
          />
        ) : transfer ? (
          <Button
            type="button"
            icon="pi pi-arrow-left"
            rounded
            outlined
            aria-label={t('screens.reading-sheets.aiComparison.transfer', { field: label })}
            tooltip={t('screens.reading-sheets.aiComparison.transfer', { field: label })}
            tooltipOptions={{ position: 'top' }}
            onClick={() => onTransfer(transfer)}
          />
        ) : null}
      </div>
      <div className="cmp-ai">{right}</div>
      {errors?.length ? (
        <div className="cmp-errors" role="alert">
          {errors.join(' ')}
        </div>
      ) : null}
    </div>
  );
}
