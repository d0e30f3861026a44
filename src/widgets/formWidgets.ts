/**
 * The widgets and fields most forms use (the reading-sheet editor's among them), in one chunk
 * that a form page's loader fetches before the form shows (src/widgets/registry.ts): lists and the
 * login page never load them.
 */
export { CreatableSelectWidget } from './creatableSelect/CreatableSelectWidget';
export { DateWidget } from './date/DateWidget';
export { FileListField } from './fileList/FileListField';
export { FlagWidget } from './flag/FlagWidget';
export { MonthPickerWidget } from './monthPicker/MonthPickerWidget';
export { MultiSelectWidget } from './multiSelect/MultiSelectWidget';
export { ReadOnlyTextWidget } from './readOnlyText/ReadOnlyTextWidget';
export { RemoteSelectWidget } from './remoteSelect/RemoteSelectWidget';
export { StarsWidget } from './stars/StarsWidget';
export { SubsetSelectWidget } from './subsetSelect/SubsetSelectWidget';
export { TranslatableField } from './translatable/TranslatableField';
export { TreeMultiSelectWidget } from './treeMultiSelect/TreeMultiSelectWidget';
