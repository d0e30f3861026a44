import { sourceOnlyOptions, type SourceOnlyOptions } from './sourceOnly.js';

/** `ui:options` of the treePicker widget: the parent_id tree it picks a node of. */
export const treePickerOptions = sourceOnlyOptions;

export type TreePickerOptions = SourceOnlyOptions;
