import type { Field, Widget } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { CellName, FieldName, WidgetName } from '../../common/screenDefinition';
import {
  BookStatusCell,
  ColorSwatchCell,
  CountCell,
  DashCell,
  DateCell,
  HtmlCell,
  NullParentCell,
  TextCell,
  TranslatedNameCell,
  type CellProps,
} from './cells/cells';
import { ColorWidget } from './color/ColorWidget';
import { CreatableSelectWidget } from './creatableSelect/CreatableSelectWidget';
import { FileListField } from './fileList/FileListField';
import { FlagWidget } from './flag/FlagWidget';
import { FileUploadWidget } from './fileUpload/FileUploadWidget';
import { JsonCardField } from './jsonCard/JsonCardField';
import { MonthPickerWidget } from './monthPicker/MonthPickerWidget';
import { MultiSelectWidget } from './multiSelect/MultiSelectWidget';
import { ReadOnlyTextWidget } from './readOnlyText/ReadOnlyTextWidget';
import { RelatedTableField } from './relatedTable/RelatedTableField';
import { RemoteSelectWidget } from './remoteSelect/RemoteSelectWidget';
import { RichTextWidget } from './richText/RichTextWidget';
import { SelectButtonWidget } from './selectButton/SelectButtonWidget';
import { StarsWidget } from './stars/StarsWidget';
import { SubsetSelectWidget } from './subsetSelect/SubsetSelectWidget';
import { TranslatableField } from './translatable/TranslatableField';
import { TreeMultiSelectWidget } from './treeMultiSelect/TreeMultiSelectWidget';
import { TreePickerWidget } from './treePicker/TreePickerWidget';
import { VariablesTableField } from './variablesTable/VariablesTableField';
import './widgets.css';

/** Table cells by name: keyed by the CellName union, so a missing one fails the type check. */
export const cells: Record<CellName, ComponentType<CellProps>> = {
  text: TextCell,
  translatedName: TranslatedNameCell,
  colorSwatch: ColorSwatchCell,
  nullParent: NullParentCell,
  dash: DashCell,
  count: CountCell,
  date: DateCell,
  html: HtmlCell,
  bookStatus: BookStatusCell,
};

/** Custom RJSF widgets (`ui:widget`) by name. */
export const widgets: Record<WidgetName, Widget> = {
  color: ColorWidget,
  readOnlyText: ReadOnlyTextWidget,
  treePicker: TreePickerWidget,
  remoteSelect: RemoteSelectWidget,
  richText: RichTextWidget,
  fileUpload: FileUploadWidget,
  selectButton: SelectButtonWidget,
  multiSelect: MultiSelectWidget,
  treeMultiSelect: TreeMultiSelectWidget,
  monthPicker: MonthPickerWidget,
  flag: FlagWidget,
  stars: StarsWidget,
  subsetSelect: SubsetSelectWidget,
  creatableSelect: CreatableSelectWidget,
};

/** Custom RJSF fields (`ui:field`) by name. */
export const fields: Record<FieldName, Field> = {
  translatable: TranslatableField,
  relatedTable: RelatedTableField,
  variablesTable: VariablesTableField,
  jsonCard: JsonCardField,
  fileList: FileListField,
};

/** The cell of a column; an unknown name throws (the schema lint catches it first). */
export function cellOf(name: string | undefined): ComponentType<CellProps> {
  const cell = cells[(name ?? 'text') as CellName];
  if (!cell) throw new Error(`Unknown cell "${name}": register it in src/widgets/registry.ts`);
  return cell;
}
