import type { WidgetProps } from '@rjsf/utils';
import { TreeSelect, type TreeSelectSelectionKeysType } from 'primereact/treeselect';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTree } from '../../engine/options/buildTree';
import { useOptions } from '../../engine/options/useOptions';
import type { TreeMultiSelectOptions } from '../../../common/widgetOptions/treeMultiSelect';

/** The ids picked in a tree selection, the ones already chosen first (in their order), then the new ones. */
function pickedIds(current: readonly unknown[], keys: TreeSelectSelectionKeysType | null | undefined): (number | string)[] {
  const chosen = Object.entries(keys ?? {})
    .filter(([, on]) => (typeof on === 'object' && on !== null ? Boolean((on as { checked?: boolean }).checked) : Boolean(on)))
    .map(([key]) => (Number.isNaN(Number(key)) ? key : Number(key)));
  const kept = current.filter((id): id is number | string => chosen.some((c) => String(c) === String(id)));
  return [...kept, ...chosen.filter((c) => !kept.some((k) => String(k) === String(c)))];
}

/**
 * Several nodes of a parent_id tree (genres, thematics) from `ui:options.source`: each node is
 * picked on its own (a parent does not pick its children), shown as chips, with a filter.
 */
export function TreeMultiSelectWidget({ id, value, onChange, disabled, readonly, options, rawErrors, placeholder, label }: WidgetProps) {
  const { t } = useTranslation();
  const { options: choices, loading } = useOptions((options as Partial<TreeMultiSelectOptions>).source);
  const nodes = useMemo(() => buildTree(choices), [choices]);
  const selected = Array.isArray(value) ? (value as unknown[]) : [];
  const selection = Object.fromEntries(selected.map((v) => [String(v), true]));
  return (
    <TreeSelect
      inputId={id}
      value={selection}
      options={nodes}
      selectionMode="multiple"
      metaKeySelection={false}
      display="chip"
      filter
      showClear
      onChange={(e) => onChange(pickedIds(selected, e.value as TreeSelectSelectionKeysType | null))}
      disabled={disabled || readonly}
      aria-label={label}
      placeholder={loading ? t('app.loading') : placeholder || t('form.none')}
      emptyMessage={t('list.empty')}
      className={rawErrors?.length ? 'p-invalid w-full' : 'w-full'}
    />
  );
}
