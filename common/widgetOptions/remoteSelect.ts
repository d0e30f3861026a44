import { sourceOnlyOptions, type SourceOnlyOptions } from './sourceOnly.js';

/** `ui:options` of the remoteSelect widget: the list it searches (by `name` unless `searchParam` says otherwise). */
export const remoteSelectOptions = sourceOnlyOptions;

export type RemoteSelectOptions = SourceOnlyOptions;
