import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { MAX_BULK_ROWS } from '../../../../common/bulkAnswers';
import type { BulkAction } from '../../../../common/screenDefinition';

export interface BulkBarProps {
  actions: readonly BulkAction[];
  /** How many rows are chosen with the checkboxes. */
  chosen: number;
  /** How many rows the list matches, and whether that count is exact. */
  total: number;
  exact: boolean;
  /** Every matching row is chosen (the filter, not the page). */
  allMatching: boolean;
  onAllMatching(): void;
  onClear(): void;
  onAction(action: BulkAction): void;
}

/**
 * What to do with the rows chosen, above the table once one is: how many are chosen, the choice of
 * every row the list matches (not only the page), the list's bulk actions, and clearing the choice.
 * Past `MAX_BULK_ROWS` matches (or a count past its bound) no dead button is offered: a sentence
 * says how many rows an action takes and how to get there.
 */
export function BulkBar({ actions, chosen, total, exact, allMatching, onAllMatching, onClear, onAction }: BulkBarProps) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const tooMany = !exact || total > MAX_BULK_ROWS;
  return (
    <div className="bulk-bar" role="region" aria-label={t('bulk.barLabel')}>
      <span className="bulk-bar-count" aria-live="polite">
        {allMatching ? t('bulk.allChosen', { rows: number(total) }) : t('bulk.chosen', { rows: number(chosen) })}
      </span>
      {!allMatching && total > chosen ? (
        tooMany ? (
          <span className="bulk-bar-note">{t(exact ? 'bulk.tooMany' : 'bulk.tooManyBounded', { rows: number(total), max: number(MAX_BULK_ROWS) })}</span>
        ) : (
          <Button type="button" link size="small" className="bulk-bar-all" label={t('bulk.chooseAll', { rows: number(total) })} onClick={onAllMatching} />
        )
      ) : null}
      <span className="bulk-bar-actions">
        {actions.map((action) => (
          <Button
            key={action.name}
            type="button"
            size="small"
            label={t(action.label)}
            icon={action.action === 'delete' ? 'pi pi-trash' : 'pi pi-pencil'}
            severity={action.action === 'delete' ? 'danger' : undefined}
            outlined
            aria-haspopup="dialog"
            onClick={() => onAction(action)}
          />
        ))}
        <Button type="button" size="small" text label={t('bulk.clear')} onClick={onClear} />
      </span>
    </div>
  );
}
