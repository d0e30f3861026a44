import { MENU_GROUPS } from '../../common/screenDefinition';
import type { ScreenDefinition } from '../../common/screenDefinition';
import { DASHBOARD_PATH } from '../screens/dashboard/dashboardCalls';
import { STUDIO_PATH } from '../screens/studio/studioRoute';
import { ACTIVITY_PATH } from '../screens/activity/activityRoute';
import type { EffectivePermissions, SystemPermission } from '../../common/permissions';
import { holdsSystem, screenAccess } from '../engine/access/screenAccess';

/** A left-menu entry: label key, target path, icon, and the path prefixes that highlight it. */
export interface MenuEntry {
  label: string;
  to: string;
  icon: string;
  group: (typeof MENU_GROUPS)[number];
  order: number;
  /** Other route prefixes that belong to this entry (its save pages). */
  matches: string[];
}

/** Entries of the bespoke screens, which have no screen definition: the dashboard after the main lists, the screen studio and the activity in the settings. */
const BESPOKE: MenuEntry[] = [
  { label: 'menu.dashboard', to: DASHBOARD_PATH, icon: 'pi pi-chart-line', group: 'main', order: 50, matches: [] },
  { label: 'screens.studio.menu', to: STUDIO_PATH, icon: 'pi pi-sliders-h', group: 'settings', order: 900, matches: [] },
  { label: 'screens.activity.menu', to: ACTIVITY_PATH, icon: 'pi pi-history', group: 'settings', order: 910, matches: [] },
];

/** Path prefix of a form route pattern: `/genre/:id?` → `/genre`. */
const formPrefix = (path: string) => path.replace(/\/:id\??$/, '');

/** What the bespoke screens need of their reader's roles: the studio, its drafts or its publishing; the activity, its own permission. */
const BESPOKE_NEEDS: Readonly<Record<string, readonly SystemPermission[]>> = {
  [STUDIO_PATH]: ['studio.edit', 'studio.publish'],
  [ACTIVITY_PATH]: ['activity'],
};

/** Whether the reader's roles open a bespoke screen (any of its needs). */
export function bespokeOpen(path: string, permissions: EffectivePermissions | undefined): boolean {
  const needs = BESPOKE_NEEDS[path];
  return !needs || needs.some((need) => holdsSystem(permissions, need));
}

/**
 * The left menu: bespoke entries plus every screen in use that declares a menu entry, grouped and
 * ordered; only those the reader's roles open (`permissions`, docs/permissions.md).
 */
export function menuEntries(screens: readonly ScreenDefinition[], permissions?: EffectivePermissions): MenuEntry[] {
  return [
    ...BESPOKE.filter((entry) => bespokeOpen(entry.to, permissions)),
    ...screens
      .filter((s) => s.menu && screenAccess(s, permissions).list)
      .map((s) => ({
        label: s.menu!.label,
        to: s.routes.list.path,
        icon: s.menu!.icon,
        group: s.menu!.group,
        order: s.menu!.order ?? 100,
        matches: s.routes.form ? [formPrefix(s.routes.form.path)] : [],
      })),
  ].sort((a, b) => MENU_GROUPS.indexOf(a.group) - MENU_GROUPS.indexOf(b.group) || a.order - b.order);
}

/** The entry to highlight for a path: its list path, or one of its save-page prefixes. */
export function activeEntry(pathname: string, entries: readonly MenuEntry[]): MenuEntry | undefined {
  const matchesPrefix = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  return entries.find((e) => matchesPrefix(e.to) || e.matches.some(matchesPrefix));
}

/** The menu's entries in runs of one group each, in menu order (the main entries first, without a heading). */
export function menuGroups(entries: readonly MenuEntry[]): { group: MenuEntry['group']; entries: MenuEntry[] }[] {
  const groups: { group: MenuEntry['group']; entries: MenuEntry[] }[] = [];
  for (const entry of entries) {
    const last = groups[groups.length - 1];
    if (last?.group === entry.group) last.entries.push(entry);
    else groups.push({ group: entry.group, entries: [entry] });
  }
  return groups;
}
