import type { Field, Widget } from '@rjsf/utils';
import type { ComponentType } from 'react';
import { deferred } from '../engine/deferred';
import type { CellProps, Registries } from '../engine/registries';
import type { CellName, FieldName, WidgetName } from '../../common/screenDefinition';
import {
  BookStatusCell,
  ColorSwatchCell,
  GenreCell,
  CountCell,
  DashCell,
  DateCell,
  HtmlCell,
  NullParentCell,
  PlanRoleCell,
  StarsCell,
  TextCell,
  TranslatedNameCell,
} from './cells/cells';
import { ReadingSheetLinkCell, RelationNameCell, FullnamesCell, UserEmailCell, UserWithCompanyCell } from './cells/relationCells';
import './widgets.css';

/** Table cells by name: keyed by the CellName union, so a missing one fails the type check. */
const cells: Record<CellName, ComponentType<CellProps>> = {
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
  stars: StarsCell,
  requestStatus: deferred(() => import('./requestStatus/RequestStatusCell').then((m) => m.RequestStatusCell)),
};

/**
 * Custom RJSF widgets (`ui:widget`) by name. Those the reading-sheet editor does not use load on
 * first use (`deferred`): the first script of a cold load stays smaller.
 */
const widgets: Record<WidgetName, Widget> = {
  color: deferred(() => import('./color/ColorWidget').then((m) => m.ColorWidget)),
  readOnlyText: deferred(() => import('./formWidgets').then((m) => m.ReadOnlyTextWidget)),
  treePicker: deferred(() => import('./treePicker/TreePickerWidget').then((m) => m.TreePickerWidget)),
  remoteSelect: deferred(() => import('./formWidgets').then((m) => m.RemoteSelectWidget)),
  richText: deferred(() => import('./richText/RichTextWidget').then((m) => m.RichTextWidget)),
  fileUpload: deferred(() => import('./fileUpload/FileUploadWidget').then((m) => m.FileUploadWidget)),
  selectButton: deferred(() => import('./selectButton/SelectButtonWidget').then((m) => m.SelectButtonWidget)),
  multiSelect: deferred(() => import('./formWidgets').then((m) => m.MultiSelectWidget)),
  treeMultiSelect: deferred(() => import('./formWidgets').then((m) => m.TreeMultiSelectWidget)),
  monthPicker: deferred(() => import('./formWidgets').then((m) => m.MonthPickerWidget)),
  flag: deferred(() => import('./formWidgets').then((m) => m.FlagWidget)),
  stars: deferred(() => import('./formWidgets').then((m) => m.StarsWidget)),
  subsetSelect: deferred(() => import('./formWidgets').then((m) => m.SubsetSelectWidget)),
  creatableSelect: deferred(() => import('./formWidgets').then((m) => m.CreatableSelectWidget)),
  // Replaces RJSF's browser date input: one date format everywhere (yyyy-MM-dd).
  date: deferred(() => import('./formWidgets').then((m) => m.DateWidget)),
};

/** Custom RJSF fields (`ui:field`) by name; those the reading-sheet editor does not use load on first use. */
const fields: Record<FieldName, Field> = {
  translatable: deferred(() => import('./formWidgets').then((m) => m.TranslatableField)),
  relatedTable: deferred(() => import('./relatedTable/RelatedTableField').then((m) => m.RelatedTableField)),
  variablesTable: deferred(() => import('./variablesTable/VariablesTableField').then((m) => m.VariablesTableField)),
  jsonCard: deferred(() => import('./jsonCard/JsonCardField').then((m) => m.JsonCardField)),
  fileList: deferred(() => import('./formWidgets').then((m) => m.FileListField)),
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
