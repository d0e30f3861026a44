/** Where the screen studio lives (`/studio`, 'Screens' in the Settings menu): the menu and the router need this only, not the studio's code. */
export const STUDIO_PATH = '/studio';
export const STUDIO_ROUTE_NAME = 'studio';
export const STUDIO_SCREEN_ROUTE_NAME = 'studio-screen';
export const studioScreenPath = (name: string) => `${STUDIO_PATH}/${encodeURIComponent(name)}`;
