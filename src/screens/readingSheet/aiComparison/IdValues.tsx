import { useTranslation } from 'react-i18next';
import type { OptionSource } from '../../../../common/screenDefinition';
import { useOptions } from '../../../engine/options/useOptions';

interface IdValuesProps {
  ids: readonly number[];
  source: OptionSource;
  /** Ids marked as only on this side. */
  marked?: ReadonlySet<number>;
  side: 'saved' | 'ai';
  /** The AI's reason for each id, shown under its name. */
  reasons?: ReadonlyMap<number, string>;
}

/** Reference ids by their names (the editor's option source), as chips; with the AI's reasons when it gives them. */
export function IdValues({ ids, source, marked, side, reasons }: IdValuesProps) {
  const { t } = useTranslation();
  const { options } = useOptions(source);
  const label = (id: number) => options.find((option) => Number(option.value) === id)?.label ?? `#${id}`;
  // Only on this side: struck out on the saved side (the AI drops it), underlined on the AI's (it brings it).
  const chip = (id: number) => {
    const Mark = marked?.has(id) ? (side === 'saved' ? 'del' : 'ins') : 'span';
    return (
      <Mark key={id} className={`cmp-chip${marked?.has(id) ? ` ${side}` : ''}`}>
        {label(id)}
      </Mark>
    );
  };
  if (!ids.length) return <span className="cmp-empty">{t('screens.reading-sheets.aiComparison.empty')}</span>;
  if (reasons?.size) {
    return (
      <ul className="cmp-reasons">
        {ids.map((id) => (
          <li key={id}>
            {chip(id)}
            {reasons.get(id) ? <span className="cmp-reason">{reasons.get(id)}</span> : null}
          </li>
        ))}
      </ul>
    );
  }
  return <span className="cmp-chips">{ids.map(chip)}</span>;
}
