/** Where the activity of every record lives ('Activity' in the Settings menu): the menu and the router need this only, not the screen's code. */
export const ACTIVITY_PATH = '/settings/activity';
export const ACTIVITY_ROUTE_NAME = 'activity';
