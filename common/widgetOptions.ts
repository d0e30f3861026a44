import type { FieldName, WidgetName } from './screenDefinition.js';
import { anyFieldOptions } from './widgetOptions/any.js';
import { builtInWidgetOptions } from './widgetOptions/builtIn.js';
import { rootOptions } from './widgetOptions/root.js';
import { actionSwitchOptions } from './widgetOptions/actionSwitch.js';
import { colorOptions } from './widgetOptions/color.js';
import { creatableSelectOptions } from './widgetOptions/creatableSelect.js';
import { dateOptions } from './widgetOptions/date.js';
import { fileListOptions } from './widgetOptions/fileList.js';
import { fileUploadOptions } from './widgetOptions/fileUpload.js';
import { flagOptions } from './widgetOptions/flag.js';
import { jsonCardOptions } from './widgetOptions/jsonCard.js';
import { monthPickerOptions } from './widgetOptions/monthPicker.js';
import { multiSelectOptions } from './widgetOptions/multiSelect.js';
import { noticeOptions } from './widgetOptions/notice.js';
import { readOnlyTextOptions } from './widgetOptions/readOnlyText.js';
import { recordLinkOptions } from './widgetOptions/recordLink.js';
import { relatedTableOptions } from './widgetOptions/relatedTable.js';
import { remoteSelectOptions } from './widgetOptions/remoteSelect.js';
import { richTextOptions } from './widgetOptions/richText.js';
import { savedSearchesOptions } from './widgetOptions/savedSearches.js';
import { screenListOptions } from './widgetOptions/screenList.js';
import { selectButtonOptions } from './widgetOptions/selectButton.js';
import { starsOptions } from './widgetOptions/stars.js';
import { subscriptionPanelOptions } from './widgetOptions/subscriptionPanel.js';
import { subsetSelectOptions } from './widgetOptions/subsetSelect.js';
import { textBlocksOptions } from './widgetOptions/textBlocks.js';
import { translatableOptions } from './widgetOptions/translatable.js';
import { treeMultiSelectOptions } from './widgetOptions/treeMultiSelect.js';
import { treePickerOptions } from './widgetOptions/treePicker.js';
import { userLibrariesOptions } from './widgetOptions/userLibraries.js';
import { variablesTableOptions } from './widgetOptions/variablesTable.js';

/**
 * The `ui:options` each widget, field and form root takes, as small JSON Schemas (one file a
 * name in common/widgetOptions/, whose TypeScript type the widget's code reads its options as):
 * the definition check validates every `ui:options` against them
 * (server/definitions/check/checkOptions.ts). Cells take no options. A name of WIDGET_NAMES or
 * FIELD_NAMES without an entry here fails the type check.
 */
export interface OptionsSchema {
  readonly type: 'object';
  readonly additionalProperties: false;
  readonly required?: readonly string[];
  readonly properties: Readonly<Record<string, unknown>>;
}

/** Options of each custom widget (`ui:widget`), besides those any field takes. */
export const WIDGET_OPTIONS: Readonly<Record<WidgetName, OptionsSchema>> = {
  color: colorOptions,
  readOnlyText: readOnlyTextOptions,
  treePicker: treePickerOptions,
  remoteSelect: remoteSelectOptions,
  richText: richTextOptions,
  fileUpload: fileUploadOptions,
  selectButton: selectButtonOptions,
  multiSelect: multiSelectOptions,
  treeMultiSelect: treeMultiSelectOptions,
  monthPicker: monthPickerOptions,
  flag: flagOptions,
  stars: starsOptions,
  subsetSelect: subsetSelectOptions,
  creatableSelect: creatableSelectOptions,
  date: dateOptions,
};

/** Options of each custom field (`ui:field`), besides those any field takes. */
export const FIELD_OPTIONS: Readonly<Record<FieldName, OptionsSchema>> = {
  translatable: translatableOptions,
  relatedTable: relatedTableOptions,
  variablesTable: variablesTableOptions,
  jsonCard: jsonCardOptions,
  fileList: fileListOptions,
  actionSwitch: actionSwitchOptions,
  subscriptionPanel: subscriptionPanelOptions,
  savedSearches: savedSearchesOptions,
  userLibraries: userLibrariesOptions,
  notice: noticeOptions,
  screenList: screenListOptions,
  recordLink: recordLinkOptions,
  textBlocks: textBlocksOptions,
};

/** Options of RJSF's own widgets (BUILT_IN_WIDGETS) and of a field naming no widget. */
export const BUILT_IN_WIDGET_OPTIONS: OptionsSchema = builtInWidgetOptions;

/** Options any field takes, whatever shows it (engine and RJSF templates). */
export const ANY_FIELD_OPTIONS: OptionsSchema = anyFieldOptions;

/** Options only a form's root takes (its tabs). */
export const ROOT_OPTIONS: OptionsSchema = rootOptions;
