/**
 * Roles' permissions (docs/permissions.md), shared by the server, which enforces them, and the
 * interface, which mirrors them. No Node imports here.
 */

/** What a role may do on a screen's records. */
export const SCREEN_ACTIONS = ['list', 'read', 'create', 'update', 'delete', 'export', 'bulk', 'history', 'restore'] as const;
type ScreenAction = (typeof SCREEN_ACTIONS)[number];

/** What a role may do beyond the screens' records. */
export const SYSTEM_PERMISSIONS = ['administrators', 'roles', 'studio.edit', 'studio.publish', 'activity', 'subscriptions', 'ai'] as const;
type SystemPermission = (typeof SYSTEM_PERMISSIONS)[number];

/** A field's rule on a screen: never shown anywhere, or shown and not changed. */
type FieldRule = 'hidden' | 'readOnly';

/** A condition on a screen's rows, in its list's own filters (a saved view's query). */
type RowCondition = Readonly<Record<string, unknown>>;

/** One role's permissions, as staff edit them. */
export interface RolePermissions {
  screens?: Readonly<Record<string, { actions?: readonly string[]; fields?: Readonly<Record<string, FieldRule>>; rows?: RowCondition }>>;
  system?: readonly string[];
}

/** What an administrator may do on one screen, all their roles together. */
interface ScreenGrant {
  actions: ScreenAction[];
  /** The fields still ruled: hidden or read-only in every role granting the screen (the least of their rules). */
  fields: Record<string, FieldRule>;
  /** The rows they reach: any of these conditions; null for every row (a role granting the screen without a condition). */
  rows: RowCondition[] | null;
}

/** What an administrator may do, all their roles together: what any of them grants is granted. */
export interface EffectivePermissions {
  /** An Owner may do everything, including what later releases add. */
  owner: boolean;
  screens: Record<string, ScreenGrant>;
  system: SystemPermission[];
}

/** A role as the union reads it: its Owner flag and its permissions. */
export interface HeldRole {
  owner: boolean;
  permissions: RolePermissions;
}

const isAction = (action: string): action is ScreenAction => (SCREEN_ACTIONS as readonly string[]).includes(action);
const isSystem = (permission: string): permission is SystemPermission => (SYSTEM_PERMISSIONS as readonly string[]).includes(permission);

/**
 * The union of an administrator's roles: an action, a system permission or a row is granted when
 * any role grants it; a field stays hidden or read-only only when every role granting its screen
 * rules it so (read-only when one of them shows it).
 */
export function effectivePermissions(roles: readonly HeldRole[]): EffectivePermissions {
  const screens: Record<string, ScreenGrant> = {};
  const granting: Record<string, { fields?: Readonly<Record<string, FieldRule>> }[]> = {};
  const system = new Set<SystemPermission>();
  for (const { permissions } of roles) {
    for (const permission of permissions.system ?? []) if (isSystem(permission)) system.add(permission);
    for (const [screen, grant] of Object.entries(permissions.screens ?? {})) {
      const actions = (grant.actions ?? []).filter(isAction);
      if (actions.length === 0) continue;
      const merged = (screens[screen] ??= { actions: [], fields: {}, rows: [] });
      for (const action of actions) if (!merged.actions.includes(action)) merged.actions.push(action);
      merged.rows = merged.rows === null || !grant.rows ? null : [...merged.rows, grant.rows];
      (granting[screen] ??= []).push({ ...(grant.fields ? { fields: grant.fields } : {}) });
    }
  }
  for (const [screen, merged] of Object.entries(screens)) {
    merged.actions.sort((a, b) => SCREEN_ACTIONS.indexOf(a) - SCREEN_ACTIONS.indexOf(b));
    const grants = granting[screen]!;
    const ruled = new Set(grants.flatMap((grant) => Object.keys(grant.fields ?? {})));
    for (const field of ruled) {
      const rules = grants.map((grant) => grant.fields?.[field]);
      if (rules.some((rule) => rule === undefined)) continue;
      merged.fields[field] = rules.includes('readOnly') ? 'readOnly' : 'hidden';
    }
  }
  return {
    owner: roles.some((role) => role.owner),
    screens,
    system: SYSTEM_PERMISSIONS.filter((permission) => system.has(permission)),
  };
}
