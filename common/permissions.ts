/**
 * Roles' permissions (docs/permissions.md), shared by the server, which enforces them, and the
 * interface, which mirrors them. No Node imports here.
 */

/** What a role may do on a screen's records. */
export const SCREEN_ACTIONS = ['list', 'read', 'create', 'update', 'delete', 'export', 'bulk', 'history', 'restore'] as const;
export type ScreenAction = (typeof SCREEN_ACTIONS)[number];

/** What a role may do beyond the screens' records. */
export const SYSTEM_PERMISSIONS = ['administrators', 'roles', 'studio.edit', 'studio.publish', 'activity', 'subscriptions', 'ai'] as const;
export type SystemPermission = (typeof SYSTEM_PERMISSIONS)[number];

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

/** An action's name in words, as a refusal and the roles screen say it ('Delete on Genres'). */
export const ACTION_WORDS: Readonly<Record<ScreenAction, string>> = {
  list: 'List',
  read: 'Open',
  create: 'Create',
  update: 'Edit',
  delete: 'Delete',
  export: 'Export',
  bulk: 'Bulk actions',
  history: 'History',
  restore: 'Restore',
};

/** A system permission in words. */
export const SYSTEM_WORDS: Readonly<Record<SystemPermission, string>> = {
  administrators: 'Manage administrators',
  roles: 'Edit roles',
  'studio.edit': 'Studio drafts',
  'studio.publish': 'Publish in the studio',
  activity: 'The activity',
  subscriptions: 'Subscriptions and credits',
  ai: 'AI generation',
};

/**
 * The screens a system permission governs: it grants every action on them, and a screen's own
 * grant there reaches only what reads (an administrator's roles are given with `administrators`,
 * a role's permissions changed with `roles`, whatever the screens' grants say).
 */
const SYSTEM_SCREENS: Readonly<Record<string, { system: SystemPermission; reads: readonly ScreenAction[] }>> = {
  administrators: { system: 'administrators', reads: ['list', 'read', 'export', 'history'] },
  // Whoever gives roles picks them from the roles' list.
  roles: { system: 'roles', reads: ['list', 'read', 'export', 'history'] },
};

/** Whether these permissions hold a system permission (an Owner holds every one). */
export function holds(permissions: EffectivePermissions, permission: SystemPermission): boolean {
  return permissions.owner || permissions.system.includes(permission);
}

/** Whether these permissions allow an action on a screen (its resource's name: `books` for the reading sheets). */
export function allows(permissions: EffectivePermissions, screen: string, action: ScreenAction): boolean {
  if (permissions.owner) return true;
  const governed = SYSTEM_SCREENS[screen];
  if (governed && permissions.system.includes(governed.system)) return true;
  if (screen === 'roles' && (action === 'list' || action === 'read') && permissions.system.includes('administrators')) return true;
  const granted = permissions.screens[screen]?.actions.includes(action) ?? false;
  return granted && (!governed || governed.reads.includes(action));
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The first thing `granted` allows that `holder` does not (an action on a screen, a system
 * permission, a field they do not see or change, rows beyond theirs), in words; undefined when
 * `granted` is within `holder`: what an administrator who is not an Owner may give (no escalation).
 */
export function beyond(granted: EffectivePermissions, holder: EffectivePermissions, titleOf: (screen: string) => string): string | undefined {
  if (holder.owner) return undefined;
  if (granted.owner) return 'the Owner role';
  for (const permission of granted.system) if (!holds(holder, permission)) return SYSTEM_WORDS[permission];
  for (const [screen, grant] of Object.entries(granted.screens)) {
    for (const action of grant.actions) if (!allows(holder, screen, action)) return `${ACTION_WORDS[action]} on ${titleOf(screen)}`;
    const own = holder.screens[screen];
    if (!own) continue;
    for (const [field, rule] of Object.entries(own.fields)) {
      const given = grant.fields[field];
      if (given === undefined || (rule === 'hidden' && given !== 'hidden')) return `the field ${field} on ${titleOf(screen)}`;
    }
    if (own.rows !== null && (grant.rows === null || grant.rows.some((condition) => !own.rows!.some((mine) => sameJson(mine, condition)))))
      return `rows beyond yours on ${titleOf(screen)}`;
  }
  return undefined;
}
