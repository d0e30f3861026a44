import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChoosableColumn } from './viewAddress';

export interface ColumnsDialogProps {
  visible: boolean;
  onHide(): void;
  /** Every column the list may show: the screen's own, then those it offers (`list.columnChoices`). */
  choosable: readonly ChoosableColumn[];
  /** The keys shown now, in order. */
  shown: readonly string[];
  /** Applies a choice (keys in order); an empty one goes back to the screen's own columns. */
  onApply(keys: string[]): void;
}

/**
 * The column chooser: each column the list may show, checked when shown, in the order they show;
 * 'Up' and 'Down' move a column (keyboard and pointer alike). 'Apply' puts the choice in the
 * address (and so in a view saved from it); 'Screen's columns' goes back to the screen's own.
 */
export function ColumnsDialog({ visible, onHide, choosable, shown, onApply }: ColumnsDialogProps) {
  const { t } = useTranslation();
  // The order: the shown columns first, as they show, then the others as the list offers them.
  const initial = () => {
    const rest = choosable.filter((entry) => !shown.includes(entry.key));
    return { order: [...shown.filter((key) => choosable.some((entry) => entry.key === key)), ...rest.map((entry) => entry.key)], checked: new Set(shown) };
  };
  const [state, setState] = useState(initial);
  const byKey = new Map(choosable.map((entry) => [entry.key, entry]));
  const move = (index: number, by: -1 | 1) =>
    setState((current) => {
      const order = [...current.order];
      const [key] = order.splice(index, 1);
      order.splice(index + by, 0, key!);
      return { ...current, order };
    });
  const toggle = (key: string, on: boolean) =>
    setState((current) => {
      const checked = new Set(current.checked);
      if (on) checked.add(key);
      else checked.delete(key);
      return { ...current, checked };
    });
  const chosen = state.order.filter((key) => state.checked.has(key));
  const footer = (
    <div className="columns-dialog-footer">
      <Button type="button" label={t('columnChooser.screenColumns')} text onClick={() => onApply([])} />
      <Button type="button" label={t('columnChooser.cancel')} outlined onClick={onHide} />
      <Button type="button" label={t('columnChooser.apply')} icon="pi pi-check" disabled={chosen.length === 0} onClick={() => onApply(chosen)} />
    </div>
  );
  return (
    <Dialog
      header={t('columnChooser.title')}
      visible={visible}
      onHide={onHide}
      onShow={() => setState(initial())}
      footer={footer}
      className="columns-dialog"
      modal
    >
      <p className="columns-dialog-help">{t('columnChooser.help')}</p>
      <ol className="columns-dialog-list">
        {state.order.map((key, index) => {
          const entry = byKey.get(key)!;
          const label = t(entry.column.header);
          const id = `column-choice-${index}`;
          return (
            <li key={key}>
              <Checkbox inputId={id} checked={state.checked.has(key)} onChange={(event) => toggle(key, Boolean(event.checked))} />
              <label htmlFor={id}>
                {label}
                {entry.declared ? null : <span className="columns-dialog-extra"> {t('columnChooser.extra')}</span>}
              </label>
              <Button
                type="button"
                icon="pi pi-arrow-up"
                text
                rounded
                size="small"
                aria-label={t('columnChooser.up', { column: label })}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              />
              <Button
                type="button"
                icon="pi pi-arrow-down"
                text
                rounded
                size="small"
                aria-label={t('columnChooser.down', { column: label })}
                disabled={index === state.order.length - 1}
                onClick={() => move(index, 1)}
              />
            </li>
          );
        })}
      </ol>
    </Dialog>
  );
}
