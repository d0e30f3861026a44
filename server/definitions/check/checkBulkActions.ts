import type { ScreenDefinition } from '../../../common/screenDefinition.js';
import { bulkTargetRefusal } from '../../engine/declaration.js';
import type { ServedList } from '../servedLists.js';
import { checkSource } from './checkUiReferences.js';
import { listed, type Json, type Path, type Report } from './problem.js';

/**
 * What a list's bulk actions say that would be ignored or refused (docs/bulk-actions.md): two of
 * one name; a `set` without its field, or of a field the server does not write on these rows, with
 * neither a value nor options (or both), asking for a field it does not write; a `delete` with the
 * parts of a `set`, or on a screen that does not permit deleting (a `set` on one that does not
 * permit editing); options from a list nothing serves; a `set` (or an `ask`) of a secret or of a
 * field no revision shows (`bulkTargetRefusal`).
 */
export function checkBulkActions(screen: ScreenDefinition, served: ServedList, lists: ReadonlyMap<string, ServedList>, report: Report): void {
  const settable = served.settable ?? [];
  const names = new Set<string>();
  const refuseTarget = (field: string, at: Path) => {
    const refusal = bulkTargetRefusal(field, served.recorded);
    if (refusal) report(at, `"${field}" ${refusal}`);
  };
  (screen.list?.bulkActions ?? []).forEach((action, index) => {
    const path = ['list', 'bulkActions', index] as const;
    if (names.has(action.name)) report([...path, 'name'], `"${action.name}" names another bulk action of this list: give each its own name`);
    names.add(action.name);
    if (action.action === 'delete') {
      for (const part of ['field', 'value', 'options', 'ask'] as const) {
        if (action[part] !== undefined) report([...path, part], `is a part of a "set" action: a delete takes no ${part}; remove it`);
      }
      if (!screen.permissions.delete) report([...path, 'action'], 'deletes rows, but the screen does not permit deleting (permissions.delete is false)');
      return;
    }
    if (!screen.permissions.edit) report([...path, 'action'], 'changes rows, but the screen does not permit editing (permissions.edit is false)');
    const writes = `the server writes ${listed(settable)} on these rows`;
    if (action.field === undefined) report(path, 'sets no field: say which one in "field"');
    else if (!settable.includes(action.field)) report([...path, 'field'], `"${action.field}" is not written by a save of these rows (${writes})`);
    else refuseTarget(action.field, [...path, 'field']);
    if (action.value === undefined && action.options === undefined)
      report(path, 'offers no value: give the value every row gets ("value") or where the values come from ("options")');
    if (action.value !== undefined && action.options !== undefined)
      report([...path, 'options'], 'is not shown: the action sets its "value"; remove one of them');
    if (action.options) checkSource(action.options as Json, [...path, 'options'], lists, report, false);
    if (action.ask) {
      if (!settable.includes(action.ask.field)) report([...path, 'ask', 'field'], `"${action.ask.field}" is not written by a save of these rows (${writes})`);
      else refuseTarget(action.ask.field, [...path, 'ask', 'field']);
      const source = action.options?.api ? lists.get(action.options.api) : undefined;
      if (!action.options) report([...path, 'ask'], 'is never asked: it follows the chosen option, and the action has no options');
      else if (source && !source.fields.includes(action.ask.when))
        report([...path, 'ask', 'when'], `"${action.ask.when}" is not a field of GET admin/${action.options.api} (its rows carry ${listed(source.fields)})`);
    }
  });
}
