import type { ScreenDefinition } from '../../../common/screenDefinition.js';
import type { CheckContext } from './checkContext.js';
import { listed, type Report } from './problem.js';

/** Routes the app declares outside the screen definitions (src/app/router.tsx). */
export const FIXED_ROUTES = [
  { path: '/auth/login', name: 'auth-login' },
  { path: '/', name: 'home' },
  { path: '/dashboard', name: 'dashboard' },
  { path: '/studio', name: 'studio' },
  { path: '/studio/:name', name: 'studio-screen' },
  { path: '/settings/activity', name: 'activity' },
] as const;

const pattern = (path: string) => path.replace(/:[A-Za-z_]\w*\??/g, ':param');

/**
 * A screen's routes collide with no route of another screen or of the app (same name, or same
 * path up to its parameters' names), and its `highlight` is the list path of a screen in the menu.
 */
export function checkRoutes(screen: ScreenDefinition, context: CheckContext, report: Report): void {
  const others = [...context.screens.values()].filter((other) => other.resource !== screen.resource);
  const taken = [
    ...FIXED_ROUTES.map((route) => ({ ...route, owner: 'the app (src/app/router.tsx)' })),
    ...others.flatMap((other) =>
      [other.routes.list, ...(other.routes.form ? [other.routes.form] : [])].map((route) => ({ ...route, owner: `schemas/${other.resource}.screen.json` })),
    ),
  ];
  for (const kind of ['list', 'form'] as const) {
    const route = screen.routes[kind];
    if (!route) continue;
    const sameName = taken.find((other) => other.name === route.name);
    if (sameName) report(['routes', kind, 'name'], `"${route.name}" is already the name of a route of ${sameName.owner}: route names are unique`);
    const samePath = taken.find((other) => pattern(other.path) === pattern(route.path));
    if (samePath) report(['routes', kind, 'path'], `"${route.path}" is already the path of ${samePath.owner}'s route "${samePath.name}"`);
  }
  const highlight = screen.routes.highlight;
  if (highlight !== undefined) {
    const menuPaths = [...context.screens.values()].filter((other) => other.menu).map((other) => other.routes.list.path);
    if (!menuPaths.includes(highlight))
      report(['routes', 'highlight'], `"${highlight}" is the list path of no screen in the menu (known: ${listed(menuPaths.sort())})`);
  }
}
