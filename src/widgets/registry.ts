import type { Field, Widget } from '@rjsf/utils';
import type { ComponentType } from 'react';
import { deferred } from '../engine/deferred';
import type { CellProps, Registries } from '../engine/registries';
import type { CellName, FieldName, WidgetName } from '../../common/screenDefinition';
import {
  BookStatusCell,
  ColorSwatchCell, GenreCell,
  CountCell,
  DashCell,
  DateCell,
  HtmlCell,
  NullParentCell,
  PlanRoleCell,
  TextCell,
  TranslatedNameCell,
} from './cells/cells';
import { ReadingSheetLinkCell, RelationNameCell, FullnamesCell, UserEmailCell, UserWithCompanyCell } from './cells/relationCells';
import { CreatableSelectWidget } from './creatableSelect/CreatableSelectWidget';
import { DateWidget } from './date/DateWidget';
import { FileListField } from './fileList/FileListField';
import { FlagWidget } from './flag/FlagWidget';
import { MonthPickerWidget } from './monthPicker/MonthPickerWidget';
import { MultiSelectWidget } from './multiSelect/MultiSelectWidget';
import { ReadOnlyTextWidget } from './readOnlyText/ReadOnlyTextWidget';
import { RemoteSelectWidget } from './remoteSelect/RemoteSelectWidget';
import { StarsWidget } from './stars/StarsWidget';
import { SubsetSelectWidget } from './subsetSelect/SubsetSelectWidget';
import { TranslatableField } from './translatable/TranslatableField';
import { TreeMultiSelectWidget } from './treeMultiSelect/TreeMultiSelectWidget';
import './widgets.css';

/** Table cells by name: keyed by the CellName union, so a missing one fails the type check. */
export const cells: Record<CellName, ComponentType<CellProps>> = {
  text: TextCell,
  translatedName: TranslatedNameCell,
  colorSwatch: ColorSwatchCell,
  genre: GenreCell,
  nullParent: NullParentCell,
  dash: DashCell,
  count: CountCell,
  date: DateCell,
  html: HtmlCell,
  bookStatus: BookStatusCell,
  planRole: PlanRoleCell,
  userWithCompany: UserWithCompanyCell,
  userEmail: UserEmailCell,
  readingSheetLink: ReadingSheetLinkCell,
  relationName: RelationNameCell,
  fullnames: FullnamesCell,
  requestStatus: deferred(() => import('./requestStatus/RequestStatusCell').then((m) => m.RequestStatusCell)),
};

/**
 * Custom RJSF widgets (`ui:widget`) by name. Those the reading-sheet editor does not use load on
 * first use (`deferred`): the first script of a cold load stays smaller.
 */
export const widgets: Record<WidgetName, Widget> = {
  color: deferred(() => import('./color/ColorWidget').then((m) => m.ColorWidget)),
  readOnlyText: ReadOnlyTextWidget,
  treePicker: deferred(() => import('./treePicker/TreePickerWidget').then((m) => m.TreePickerWidget)),
  remoteSelect: RemoteSelectWidget,
  richText: deferred(() => import('./richText/RichTextWidget').then((m) => m.RichTextWidget)),
  fileUpload: deferred(() => import('./fileUpload/FileUploadWidget').then((m) => m.FileUploadWidget)),
  selectButton: deferred(() => import('./selectButton/SelectButtonWidget').then((m) => m.SelectButtonWidget)),
  multiSelect: MultiSelectWidget,
  treeMultiSelect: TreeMultiSelectWidget,
  monthPicker: MonthPickerWidget,
  flag: FlagWidget,
  stars: StarsWidget,
  subsetSelect: SubsetSelectWidget,
  creatableSelect: CreatableSelectWidget,
  // Replaces RJSF's browser date input: one date format everywhere (yyyy-MM-dd).
  date: DateWidget,
};

/** Custom RJSF fields (`ui:field`) by name; those the reading-sheet editor does not use load on first use. */
export const fields: Record<FieldName, Field> = {
  translatable: TranslatableField,
  relatedTable: deferred(() => import('./relatedTable/RelatedTableField').then((m) => m.RelatedTableField)),
  variablesTable: deferred(() => import('./variablesTable/VariablesTableField').then((m) => m.VariablesTableField)),
  jsonCard: deferred(() => import('./jsonCard/JsonCardField').then((m) => m.JsonCardField)),
  fileList: FileListField,
  actionSwitch: deferred(() => import('./actionSwitch/ActionSwitchField').then((m) => m.ActionSwitchField)),
  subscriptionPanel: deferred(() => import('./subscriptionPanel/SubscriptionPanelField').then((m) => m.SubscriptionPanelField)),
  savedSearches: deferred(() => import('./savedSearches/SavedSearchesField').then((m) => m.SavedSearchesField)),
  userLibraries: deferred(() => import('./userLibraries/UserLibrariesField').then((m) => m.UserLibrariesField)),
  notice: deferred(() => import('./notice/NoticeField').then((m) => m.NoticeField)),
  screenList: deferred(() => import('./screenList/ScreenListField').then((m) => m.ScreenListField)),
  recordLink: deferred(() => import('./recordLink/RecordLinkField').then((m) => m.RecordLinkField)),
  textBlocks: deferred(() => import('./textBlocks/TextBlocksField').then((m) => m.TextBlocksField)),
};

/**
 * Every registry, handed to the engine by the app (`RegistriesProvider` in src/app/Root.tsx, and
 * in tests): one constant, so the provider's value never changes.
 */
export const registries: Registries = { widgets, fields, cells };
