import { DISPLAY_FIELDS, type ScreenDefinition } from '../../../common/screenDefinition.js';
import type { ResourceSurface } from '../../engine/declaration.js';
import { columnKey } from '../../../common/viewColumns.js';
import { recordFields, type ServedList } from '../servedLists.js';
import { isObject, listed, type Report } from './problem.js';

/**
 * A list column the list does not return, a column offered with the Columns button
 * (`list.columnChoices`) it does not return or that is offered already (the key of one of the
 * screen's columns or of an earlier offer: the chooser would show it once), a search or filter it
 * does not accept, a `deleteWhen` its rows lack.
 */
export function checkServedList(screen: ScreenDefinition, served: ServedList, report: Report): void {
  const list = screen.list;
  const rows = `its rows carry ${listed(served.fields)}`;
  const accepts = `it accepts ${listed(served.params)}`;
  (list?.columns ?? []).forEach((column, index) => {
    if (!served.fields.includes(column.field))
      report(['list', 'columns', index, 'field'], `"${column.field}" is not returned by GET admin/${screen.api} (${rows})`);
  });
  const offered = new Map(
    (list?.columns ?? []).map((column) => [columnKey(column), "is one of the screen's columns already (list.columns), which the Columns button always offers"]),
  );
  (list?.columnChoices ?? []).forEach((column, index) => {
    const path = ['list', 'columnChoices', index] as const;
    if (!served.fields.includes(column.field)) report([...path, 'field'], `"${column.field}" is not returned by GET admin/${screen.api} (${rows})`);
    const key = columnKey(column);
    const taken = offered.get(key);
    if (taken) report(path, `"${key}" ${taken}: remove it, or give it another cell`);
    else offered.set(key, `is offered twice (list.columnChoices.${index} offers it first)`);
  });
  if (list?.search && !served.params.includes(list.search.param)) {
    report(['list', 'search', 'param'], `"${list.search.param}" is not accepted by GET admin/${screen.api} (${accepts})`);
  }
  (list?.filters ?? []).forEach((filter, index) => {
    if (!served.params.includes(filter.param))
      report(
        ['list', 'filters', index, 'param'],
        `"${filter.param}" is not accepted by GET admin/${screen.api} (${accepts}); declare it in the resource's filters (server/resources)`,
      );
  });
  const deleteWhen = screen.permissions.deleteWhen;
  if (deleteWhen && !served.fields.includes(deleteWhen))
    report(['permissions', 'deleteWhen'], `"${deleteWhen}" is not returned by GET admin/${screen.api} (${rows})`);
}

/** A form field the server does not store (or returns read-only without `readOnly`), file fields (`fileUpload`, `fileList`) and `multipart` that disagree. */
export function checkStoredForm(screen: ScreenDefinition, surface: ResourceSurface, report: Report): void {
  const form = screen.form!;
  const properties = isObject(form.schema.properties) ? form.schema.properties : {};
  const ui = isObject(form.uiSchema) ? form.uiSchema : {};
  const { returned, writable } = recordFields(surface);
  let fileFields = 0;
  for (const [name, property] of Object.entries(properties)) {
    const path = ['form', 'schema', 'properties', name];
    const node = isObject(ui[name]) ? ui[name] : {};
    if (DISPLAY_FIELDS.includes(node['ui:field'] as never)) continue;
    if (node['ui:widget'] === 'fileUpload') {
      fileFields++;
      if (typeof surface.fields[name]?.column !== 'string')
        report(path, `is a file field, but ${surface.label} records store no "${name}" column: declare one in server/resources or remove the field`);
      continue;
    }
    // A list of stored files (new ones arrive as the save's files): what the record returns of them, read-only.
    if (node['ui:field'] === 'fileList') fileFields++;
    if (writable.includes(name)) continue;
    if (returned.includes(name)) {
      if (!(isObject(property) && property.readOnly === true))
        report(path, `is not stored by the server (${surface.label} records return it read-only): mark it "readOnly": true`);
      continue;
    }
    report(
      path,
      `is not stored by the server: ${surface.label} records have no such field (declare it in server/resources, with its column and migration; they store ${listed(writable)})`,
    );
  }
  if (fileFields > 0 && !form.multipart) report(['form', 'multipart'], 'must be true: the form has file fields');
  if (fileFields === 0 && form.multipart) report(['form', 'multipart'], 'is true, but the form has no file field: remove it');
}
