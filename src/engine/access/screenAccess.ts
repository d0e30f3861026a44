import { allows, holds, type EffectivePermissions, type SystemPermission } from '../../../common/permissions';
import type { ScreenDefinition } from '../../../common/screenDefinition';

/**
 * What the logged-in administrator may do on one screen (docs/permissions.md): what the screen
 * permits and their roles allow together. The interface shows only this, so no button it shows is
 * then refused by the server.
 */
export interface ScreenAccess {
  list: boolean;
  read: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
  export: boolean;
  /** The list's bulk actions (each row still held to `update` or `delete`). */
  bulk: boolean;
  history: boolean;
  restore: boolean;
  /** Fields their roles hide: in no form, column or filter. */
  hidden: ReadonlySet<string>;
  /** Fields their roles show but do not let them change. */
  readOnly: ReadonlySet<string>;
}

/** Every action, nothing held back: before the administrator is known (the server holds the line anyway). */
const UNKNOWN: EffectivePermissions = { owner: true, screens: {}, system: [] };

/** A screen's access for these permissions (an Owner's: everything the screen permits). */
export function screenAccess(screen: Pick<ScreenDefinition, 'api' | 'permissions'>, permissions: EffectivePermissions | undefined): ScreenAccess {
  const held = permissions ?? UNKNOWN;
  const may = (action: Parameters<typeof allows>[2]) => allows(held, screen.api, action);
  const fields = Object.entries(held.owner ? {} : (held.screens[screen.api]?.fields ?? {}));
  const update = Boolean(screen.permissions.edit) && may('update');
  const remove = Boolean(screen.permissions.delete) && may('delete');
  return {
    list: may('list'),
    read: may('read'),
    create: Boolean(screen.permissions.create) && may('create'),
    update,
    delete: remove,
    export: may('export'),
    bulk: may('bulk') && (update || remove),
    history: may('history'),
    restore: may('restore') && update,
    hidden: new Set(fields.filter(([, rule]) => rule === 'hidden').map(([field]) => field)),
    readOnly: new Set(fields.filter(([, rule]) => rule === 'readOnly').map(([field]) => field)),
  };
}

/** Whether these permissions hold a system permission (everything before the administrator is known). */
export function holdsSystem(permissions: EffectivePermissions | undefined, permission: SystemPermission): boolean {
  return holds(permissions ?? UNKNOWN, permission);
}
