import type { WidgetProps } from '@rjsf/utils';
import { TreeSelect } from 'primereact/treeselect';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTree } from '../../engine/options/buildTree';
import { useOptions } from '../../engine/options/useOptions';
import type { TreePickerOptions } from '../../../common/widgetOptions/treePicker';

/**
 * Picks one node of a parent_id tree (genres, thematics) loaded from `ui:options.source`.
 * The record being edited and its descendants are left out, so no cycle can be chosen.
 */
export function TreePickerWidget({ id, value, onChange, disabled, readonly, options, registry, rawErrors, placeholder }: WidgetProps) {
  const { t } = useTranslation();
  const { source } = options as Partial<TreePickerOptions>;
  const { options: choices, loading } = useOptions(source);
  // RJSF 6 passes the form context through the registry only.
  const recordId = (registry.formContext as { recordId?: string | number } | undefined)?.recordId;
  const nodes = useMemo(() => buildTree(choices, recordId), [choices, recordId]);
  return (
    <TreeSelect
      inputId={id}
      value={value === null || value === undefined ? null : String(value)}
      options={nodes}
      onChange={(e) => {
        const key = typeof e.value === 'string' ? e.value : null;
        onChange(key === null ? null : Number.isNaN(Number(key)) ? key : Number(key));
      }}
      filter
      showClear
      disabled={disabled || readonly}
      placeholder={loading ? t('app.loading') : placeholder || t('form.none')}
      className={rawErrors?.length ? 'p-invalid w-full' : 'w-full'}
      emptyMessage={t('list.empty')}
    />
  );
}
