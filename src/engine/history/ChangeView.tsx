import { Button } from 'primereact/button';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES } from '../../../common/locales';
import { diffValue, type Changes, type FieldChange, type Json, type ListChanges, type LocaleChanges, type ValueChange } from '../../../common/recordChanges';
import type { OptionSource } from '../../../common/screenDefinition';
import { TextDiff } from '../diff/TextDiff';
import { wordDiff } from '../diff/wordDiff';
import type { FieldNames } from './fieldNames';
import { useReferenceNames, type ReferenceId } from './useReferenceNames';
import { isEmptyValue, isLongText, itemText, plainText, valueText } from './valueText';
import './history.css';

export interface ChangeViewProps {
  /** The changed fields, as a revision (or a stale restore's answer) holds them. */
  changes: Changes;
  /** What the fields are called, and their UI schema (a picker's source). */
  names: FieldNames;
  /** Where these changes sit in the record: empty for a record's fields, the field (and `'0'` for a list item) for nested ones. */
  path?: readonly string[];
  /** A 'Restore' button beside each field, asking back that field's value from before the change. */
  onRestoreField?: ((field: string) => void) | undefined;
}

const isValueChange = (change: FieldChange): change is ValueChange => 'from' in change;
const isLocaleChanges = (change: FieldChange): change is LocaleChanges => 'locales' in change;
const isListChanges = (change: FieldChange): change is ListChanges => 'items' in change;

/** The UI options' picker source of a field, when its widget picks ids of a list. */
const sourceOf = (ui: Record<string, unknown> | undefined): OptionSource | undefined => (ui?.['ui:options'] as { source?: OptionSource } | undefined)?.source;
const widgetOf = (ui: Record<string, unknown> | undefined): unknown => ui?.['ui:widget'] ?? ui?.['ui:field'];
const idsOf = (value: Json): ReferenceId[] =>
  (Array.isArray(value) ? value : value === null ? [] : [value]).filter((id): id is ReferenceId => typeof id === 'string' || typeof id === 'number');

/**
 * A revision's changes field by field, in staff's words (docs/record-history.md): each field by the
 * label of its form; a per-language map one line per language; a picker's ids by their names; a
 * long text word by word (`<del>` and `<ins>`), a short one as `old → new`; a list's items added,
 * removed and changed, each by its name; an object's keys as fields of their own.
 */
export function ChangeView({ changes, names, path = [], onRestoreField }: ChangeViewProps) {
  const { t } = useTranslation();
  return (
    <dl className="change-list">
      {Object.entries(changes)
        .filter(([, change]) => !isUnseen(change))
        .map(([field, change]) => {
          const at = [...path, field];
          const label = names.label(at);
          return (
            <div className={onRestoreField ? 'change-row with-actions' : 'change-row'} key={field}>
              <dt className="change-label">{label}</dt>
              <dd className="change-value">
                <FieldChangeView change={change} path={at} names={names} />
              </dd>
              {onRestoreField ? (
                <dd className="change-actions">
                  <Button
                    type="button"
                    size="small"
                    text
                    icon="pi pi-undo"
                    label={t('history.restoreField')}
                    aria-label={t('history.restoreFieldNamed', { field: label })}
                    onClick={() => onRestoreField(field)}
                  />
                </dd>
              ) : null}
            </div>
          );
        })}
    </dl>
  );
}

/** An object that is no file (a file shows as one value: its name and size). */
const isPlainObject = (value: Json): value is { [key: string]: Json } =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !('name' in value && Object.keys(value).every((key) => ['id', 'name', 'size'].includes(key)));

/** No value, even inside: an object whose every value is empty (a reporter's texts of a language without any block). */
const isBlank = (value: Json): boolean => isEmptyValue(value) || (isPlainObject(value) && Object.values(value).every(isBlank));

/** A change from nothing to nothing worth a line (an empty structure made or dropped). */
const isUnseen = (change: FieldChange): boolean => isValueChange(change) && isBlank(change.from) && isBlank(change.to);

/**
 * An object that appeared or went as a whole (a reporter's texts of a language on its creation)
 * shown as what it holds, key by key and item by item, rather than as one value.
 */
function expanded(change: ValueChange): FieldChange | undefined {
  const { from, to } = change;
  if (!(isPlainObject(from) || isEmptyValue(from)) || !(isPlainObject(to) || isEmptyValue(to)) || (!isPlainObject(from) && !isPlainObject(to)))
    return undefined;
  const structured = diffValue(isPlainObject(from) ? from : {}, isPlainObject(to) ? to : {});
  return structured && !isValueChange(structured) ? structured : undefined;
}

/** One field's change, by its kind. */
function FieldChangeView({ change, path, names }: { change: FieldChange; path: readonly string[]; names: FieldNames }) {
  if (isValueChange(change)) {
    const structured = expanded(change);
    if (structured) return <FieldChangeView change={structured} path={path} names={names} />;
    return <ValueChangeView change={change} path={path} names={names} />;
  }
  if (isLocaleChanges(change)) return <LocaleChangesView change={change} path={path} names={names} />;
  if (isListChanges(change)) return <ListChangesView change={change} path={path} names={names} />;
  return <ChangeView changes={change.fields} path={path} names={names} />;
}

function LocaleChangesView({ change, path, names }: { change: LocaleChanges; path: readonly string[]; names: FieldNames }) {
  return (
    <ul className="change-locales">
      {LOCALES.filter((locale) => change.locales[locale] && !isUnseen(change.locales[locale])).map((locale) => (
        <li key={locale}>
          <span className="change-locale" lang={locale}>
            {LOCALE_NAMES[locale]}
          </span>
          <FieldChangeView change={change.locales[locale]!} path={path} names={names} />
        </li>
      ))}
    </ul>
  );
}

function ValueChangeView({ change, path, names }: { change: ValueChange; path: readonly string[]; names: FieldNames }) {
  const { t } = useTranslation();
  const ui = names.ui(path);
  const source = sourceOf(ui);
  const widget = widgetOf(ui);
  if (source) return <ReferenceChange change={change} source={source} />;
  const from = typeof change.from === 'string' && widget === 'richText' ? plainText(change.from) : change.from;
  const to = typeof change.to === 'string' && widget === 'richText' ? plainText(change.to) : change.to;
  if (isLongText(from) || isLongText(to)) return <LongTextChange from={typeof from === 'string' ? from : ''} to={typeof to === 'string' ? to : ''} />;
  const swatch = (value: Json) =>
    widget === 'color' && typeof value === 'string' && value ? <span className="change-swatch" style={{ background: value }} aria-hidden="true" /> : null;
  return (
    <ShortChange
      from={
        <>
          {swatch(from)}
          {valueText(from, t, widget)}
        </>
      }
      to={
        <>
          {swatch(to)}
          {valueText(to, t, widget)}
        </>
      }
      fromEmpty={isEmptyValue(from)}
      toEmpty={isEmptyValue(to)}
    />
  );
}

/** `old → new`, '(empty)' shown as such. */
function ShortChange({ from, to, fromEmpty, toEmpty }: { from: ReactNode; to: ReactNode; fromEmpty: boolean; toEmpty: boolean }) {
  return (
    <span className="change-short">
      <span className={fromEmpty ? 'change-old change-empty' : 'change-old'}>{from}</span>
      {' → '}
      <span className={toEmpty ? 'change-new change-empty' : 'change-new'}>{to}</span>
    </span>
  );
}

/** A long text before and after, word by word: the words it lost struck out, those it gained underlined. */
function LongTextChange({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const diff = useMemo(() => wordDiff(from, to), [from, to]);
  const side = (text: string, parts: typeof diff.before, which: 'before' | 'after') => (
    <div className={`change-side ${which}`}>
      <span className="change-side-label">{t(`history.${which}`)}</span>
      <p className="change-side-text">{text ? <TextDiff parts={parts} side={which} /> : <span className="change-empty">{t('history.empty')}</span>}</p>
    </div>
  );
  return (
    <div className="change-text">
      {side(from, diff.before, 'before')}
      {side(to, diff.after, 'after')}
    </div>
  );
}

/** Ids of a picker by their names: one id as `old → new`, a list of ids as the names added and removed. */
function ReferenceChange({ change, source }: { change: ValueChange; source: OptionSource }) {
  const { t } = useTranslation();
  const before = idsOf(change.from);
  const after = idsOf(change.to);
  const { nameOf } = useReferenceNames(source, [...before, ...after]);
  if (Array.isArray(change.from) || Array.isArray(change.to)) {
    const has = (list: ReferenceId[], id: ReferenceId) => list.some((other) => String(other) === String(id));
    const added = after.filter((id) => !has(before, id));
    const removed = before.filter((id) => !has(after, id));
    return (
      <ul className="change-items">
        {added.map((id) => (
          <li key={`added-${id}`}>
            <span className="change-tag added">{t('history.added')}</span> {nameOf(id)}
          </li>
        ))}
        {removed.map((id) => (
          <li key={`removed-${id}`}>
            <span className="change-tag removed">{t('history.removed')}</span> {nameOf(id)}
          </li>
        ))}
        {added.length === 0 && removed.length === 0 ? (
          <li>
            <span className="change-tag">{t('history.reordered')}</span>
          </li>
        ) : null}
      </ul>
    );
  }
  const name = (ids: ReferenceId[]) => (ids.length ? nameOf(ids[0]!) : t('history.empty'));
  return <ShortChange from={name(before)} to={name(after)} fromEmpty={before.length === 0} toEmpty={after.length === 0} />;
}

/** A list's items added, removed and changed (each by its name, a changed one with its own changes), and a new order. */
function ListChangesView({ change, path, names }: { change: ListChanges; path: readonly string[]; names: FieldNames }) {
  const { t } = useTranslation();
  const { added = [], removed = [], changed = [], order } = change.items;
  const itemPath = [...path, '0'];
  return (
    <ul className="change-items">
      {added.map(({ item }, index) => (
        <li key={`added-${index}`}>
          <span className="change-tag added">{t('history.added')}</span> <ItemName item={item} path={itemPath} names={names} />
        </li>
      ))}
      {removed.map(({ item }, index) => (
        <li key={`removed-${index}`}>
          <span className="change-tag removed">{t('history.removed')}</span> <ItemName item={item} path={itemPath} names={names} />
        </li>
      ))}
      {changed.map(({ id, changes }) => (
        <li key={`changed-${id}`}>
          <span className="change-tag changed">{t('history.changedItem')}</span> <ChangedItemName id={id} changes={changes} path={itemPath} names={names} />
          <ChangeView changes={changes} path={itemPath} names={names} />
        </li>
      ))}
      {order ? (
        <li>
          <span className="change-tag">{t('history.reordered')}</span>
        </li>
      ) : null}
    </ul>
  );
}

/** An item by what names it, else by the name of the record one of its fields picks (an author of the sheet), else `#id`. */
function ItemName({ item, path, names }: { item: Json; path: readonly string[]; names: FieldNames }) {
  const { t } = useTranslation();
  const text = itemText(item);
  if (text) return <>{text}</>;
  const fields = item && typeof item === 'object' && !Array.isArray(item) ? item : {};
  const picked = ['id', ...Object.keys(fields)].find(
    (key) => sourceOf(names.ui([...path, key])) && (typeof fields[key] === 'number' || typeof fields[key] === 'string'),
  );
  if (picked) return <ReferenceName source={sourceOf(names.ui([...path, picked]))!} id={fields[picked] as ReferenceId} />;
  return <>{typeof fields.id === 'number' || typeof fields.id === 'string' ? `#${fields.id}` : valueText(item, t)}</>;
}

/** A changed item by its name now (its naming field's new value), else by the record its id picks, else `#id`. */
function ChangedItemName({ id, changes, path, names }: { id: ReferenceId; changes: Changes; path: readonly string[]; names: FieldNames }) {
  const named = Object.entries(changes).find(
    ([field, change]) => ['name', 'title', 'label', 'text'].includes(field) && isValueChange(change) && typeof change.to === 'string' && change.to,
  );
  if (named) return <>{(named[1] as ValueChange).to as string}</>;
  const source = sourceOf(names.ui([...path, 'id']));
  if (source) return <ReferenceName source={source} id={id} />;
  return <>{`#${id}`}</>;
}

function ReferenceName({ source, id }: { source: OptionSource; id: ReferenceId }) {
  const { nameOf } = useReferenceNames(source, [id]);
  return <>{nameOf(id)}</>;
}
