import type { FieldProps } from '@rjsf/utils';
import { useMemo } from 'react';
import type { EngineFormContext } from '../../engine/form/templates';
import { useScreen } from '../../engine/resource/definitions';
import { ScreenListView } from '../../engine/resource/ScreenListView';
import { fixedParams } from './fixedParams';
import type { ScreenListOptions } from '../../../common/widgetOptions/screenList';

/**
 * Another screen's list filtered on this record (a user's requests): its columns, filters and row
 * actions as that screen declares them, its paging and filters kept in the field. A display field:
 * its property is neither sent nor stored. Nothing shows on a record not saved yet.
 */
export function ScreenListField({ uiSchema, schema, registry }: FieldProps) {
  const { screen: resource, fixed } = (uiSchema?.['ui:options'] ?? {}) as unknown as ScreenListOptions;
  const recordId = (registry.formContext as EngineFormContext | undefined)?.recordId;
  const screen = useScreen(resource);
  const params = useMemo(() => (recordId === undefined ? undefined : fixedParams(fixed ?? {}, recordId)), [fixed, recordId]);
  if (!params) return null;
  return (
    <section className="screen-list-field" aria-label={schema.title}>
      <ScreenListView screen={screen} fixed={params} local />
    </section>
  );
}
