import type { FieldProps } from '@rjsf/utils';
import { Link } from 'react-router-dom';
import { useFormValue } from '../../engine/form/formDataStore';
import type { EngineFormContext } from '../../engine/form/templates';
import { routePathByName } from '../../engine/resource/definitions';
import { formPath } from '../../engine/resource/paths';
import type { RecordLinkOptions } from '../../../common/widgetOptions/recordLink';

/**
 * A link to a related record's page ('Go to reading sheet'), its text the field's title; shown only
 * while the form's `idField` holds an id, and following it as it changes. A display field: its
 * property is neither sent nor stored.
 */
export function RecordLinkField({ uiSchema, schema, registry }: FieldProps) {
  const { idField: field, route } = (uiSchema?.['ui:options'] ?? {}) as unknown as RecordLinkOptions;
  const context = registry.formContext as EngineFormContext | undefined;
  const watched = useFormValue(context?.formDataStore, field);
  const value = context?.formDataStore ? watched : context?.formData?.[field];
  if (value === undefined || value === null || value === '') return null;
  return (
    <Link className="record-link" to={formPath(routePathByName(route), String(value))}>
      <i className="pi pi-external-link" aria-hidden="true" /> {schema.title}
    </Link>
  );
}
