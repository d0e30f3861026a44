/** A left-menu entry: label key, target path, icon, and the path prefixes that highlight it. */
export interface MenuEntry {
  label: string;
  to: string;
  icon: string;
  /** Other route prefixes that belong to this entry (its save pages). */
  matches: string[];
}

/** The left menu of SPEC §1; screens added later register their entries in this list. */
export const MENU: MenuEntry[] = [
  { label: 'menu.readingSheets', to: '/reading-sheets', icon: 'pi pi-book', matches: ['/reading-sheet/'] },
  { label: 'menu.contacts', to: '/contacts', icon: 'pi pi-id-card', matches: ['/contact/'] },
  { label: 'menu.authors', to: '/authors', icon: 'pi pi-pencil', matches: ['/author/'] },
  { label: 'menu.companies', to: '/companies', icon: 'pi pi-building', matches: ['/company/'] },
];

/** The entry to highlight for a path: exact list path or one of its save-page prefixes. */
export function activeEntry(pathname: string, entries: MenuEntry[] = MENU): MenuEntry | undefined {
  return entries.find((e) => pathname === e.to || pathname.startsWith(`${e.to}/`) || e.matches.some((m) => pathname.startsWith(m) || pathname === m.replace(/\/$/, '')));
}
