import { Button } from 'primereact/button';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReorderListProps<T> {
  items: readonly T[];
  /** A stable key of an item. */
  keyOf(item: T, index: number): string;
  /** The item's name, for the move buttons' labels and announcements ('Move website up'). */
  nameOf(item: T, index: number): string;
  render(item: T, index: number): ReactNode;
  onMove(from: number, to: number): void;
  onRemove?: ((index: number) => void) | undefined;
  /** Problems of an item, shown under it. */
  problemsOf?: ((index: number) => string[]) | undefined;
  label: string;
}

/**
 * A list staff reorder by dragging an item's handle, or with the keyboard (the handle's Alt+↑ and
 * Alt+↓, or the move buttons), and whose items can be removed.
 */
export function ReorderList<T>({ items, keyOf, nameOf, render, onMove, onRemove, problemsOf, label }: ReorderListProps<T>) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<number | undefined>(undefined);
  const [over, setOver] = useState<number | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    onMove(from, to);
    setAnnouncement(t('screens.studio.moved', { name: nameOf(items[from]!, from), position: to + 1, count: items.length }));
  };
  return (
    <>
      <ul className="studio-reorder" aria-label={label}>
        {items.map((item, index) => {
          const name = nameOf(item, index);
          const problems = problemsOf?.(index) ?? [];
          return (
            <li
              key={keyOf(item, index)}
              className={`studio-reorder-item${over === index && dragged !== undefined && dragged !== index ? ' is-drop-target' : ''}${problems.length ? ' has-problem' : ''}`}
              onDragOver={(event) => {
                if (dragged === undefined) return;
                event.preventDefault();
                setOver(index);
              }}
              onDragLeave={() => setOver((current) => (current === index ? undefined : current))}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== undefined) move(dragged, index);
                setDragged(undefined);
                setOver(undefined);
              }}
            >
              <div className="studio-reorder-row">
                <button
                  type="button"
                  className="studio-drag-handle"
                  draggable
                  aria-label={t('screens.studio.dragHandle', { name })}
                  title={t('screens.studio.dragHint')}
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', name);
                    setDragged(index);
                  }}
                  onDragEnd={() => {
                    setDragged(undefined);
                    setOver(undefined);
                  }}
                  onKeyDown={(event) => {
                    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
                    event.preventDefault();
                    move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
                  }}
                >
                  <i className="pi pi-bars" aria-hidden="true" />
                </button>
                <div className="studio-reorder-body">{render(item, index)}</div>
                <div className="studio-reorder-actions">
                  <Button
                    type="button"
                    icon="pi pi-arrow-up"
                    text
                    rounded
                    size="small"
                    aria-label={t('screens.studio.moveUp', { name })}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    type="button"
                    icon="pi pi-arrow-down"
                    text
                    rounded
                    size="small"
                    aria-label={t('screens.studio.moveDown', { name })}
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  {onRemove ? (
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      text
                      rounded
                      size="small"
                      severity="danger"
                      aria-label={t('screens.studio.remove', { name })}
                      onClick={() => onRemove(index)}
                    />
                  ) : null}
                </div>
              </div>
              {problems.map((problem) => (
                <small key={problem} className="p-error studio-problem">
                  {problem}
                </small>
              ))}
            </li>
          );
        })}
      </ul>
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
    </>
  );
}
