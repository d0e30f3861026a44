import { DEFAULT_LOCALE } from '../../../common/locales';
import { manifestOf } from '../../engine/resource/definitions';

/**
 * Where the reporter save screen lives and what it reads, as schemas/reporters.screen.json
 * declares them (its `form.bespoke`: this screen). Kept apart from the screen's code so the app's
 * first module (src/app/earlyRequests.ts) and the routes can read it without loading the screen.
 */
export const reporterScreen = manifestOf('reporters');

/** The API the screen reads and saves (`reporters`). */
export const REPORTER_API = reporterScreen.api;
/** The reporters list, where 'back' goes. */
export const REPORTER_LIST_PATH = reporterScreen.routes.list.path;

/** A reporter's record in one language: the parameters of `GET admin/reporters/{id}`. */
export const reporterParams = (lang: string) => ({ lang });
/** The screen opens a reporter in the default pane's language (SPEC §9: en). */
export const REPORTER_OPEN_PARAMS = reporterParams(DEFAULT_LOCALE);
