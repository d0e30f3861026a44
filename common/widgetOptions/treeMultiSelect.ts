import { sourceOnlyOptions, type SourceOnlyOptions } from './sourceOnly.js';

/** `ui:options` of the treeMultiSelect widget: the parent_id tree its ids come from. */
export const treeMultiSelectOptions = sourceOnlyOptions;

export type TreeMultiSelectOptions = SourceOnlyOptions;
