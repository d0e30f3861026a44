import {
  getUiOptions,
  titleId,
  TranslatableString,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTitleProps,
  type TitleFieldProps,
  type ArrayFieldTemplateProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type Registry,
} from '@rjsf/utils';
import { Templates } from '@rjsf/primereact';
import { Divider } from 'primereact/divider';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewFiles } from '../api/formData';
import type { FileProgress } from '../api/upload';
import { formTabs, type FormTab } from './errorRouting';
import { useFormValue, type FormDataStore } from './formDataStore';
import { FormTabs, type FormTabHeader } from './FormTabs';
import { isVisible, type VisibleWhen } from './visibility';

/** What the engine passes to templates and widgets through RJSF's formContext. */
export interface EngineFormContext {
  /** The form's resource endpoint under admin/ (`users`), for the fields that act on the record. */
  api?: string;
  recordId?: string | number | undefined;
  activeTab: number;
  setActiveTab(index: number): void;
  /** Top-level fields with an error, to badge their tab. */
  erroneousFields: string[];
  /**
   * The whole form's current data, read when rendering. A component that must render again when
   * another field changes subscribes to it through `formDataStore` (`useFormValue`).
   */
  formData: Record<string, unknown>;
  formDataStore?: FormDataStore;
  /** New files of the file fields, sent with the next save, and how widgets set them. */
  files: Readonly<Record<string, File | undefined>>;
  setFile(field: string, file: File | undefined): void;
  /**
   * New files of the `fileList` fields by multipart name, sent with the next save, how the fields
   * set them, and their upload progress (0 to 1 each) while a save sends them.
   */
  fileLists?: {
    files: NewFiles;
    setFiles(name: string, files: File[]): void;
    progress?: Readonly<FileProgress> | undefined;
  };
  /** Records a change the server already stored (a deleted file), without making the form dirty. */
  applyStored(patch: Record<string, unknown>): void;
  /** The active sub-tab of each tab that has sub-tabs, by tab label. */
  activeSubTabs?: Readonly<Record<string, number>>;
  setActiveSubTab?(tabLabel: string, index: number): void;
}

/** Label (180 px column) beside the field, errors and help under it. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, required, displayLabel, children, errors, help, rawDescription, description, hidden, uiSchema, disabled, registry } = props;
  const context = registry.formContext as EngineFormContext | undefined;
  // Subscribed to the field `visibleWhen` reads, so the field shows or hides when that one changes.
  const rule = getUiOptions(uiSchema).visibleWhen as VisibleWhen | undefined;
  const watched = useFormValue(context?.formDataStore, typeof rule?.field === 'string' ? rule.field : undefined);
  const data = context?.formDataStore && rule ? { [rule.field]: watched } : context?.formData;
  if (hidden || !isVisible(uiSchema, data)) return <div hidden>{children}</div>;
  const isCheckbox = getUiOptions(uiSchema).widget === 'checkbox';
  return (
    <div className={`form-row${displayLabel && !isCheckbox ? '' : ' no-label'}`}>
      {displayLabel && !isCheckbox ? (
        <label htmlFor={id} className="field-label">
          {label}
          {required && !disabled ? <span className="required-mark"> *</span> : null}
        </label>
      ) : null}
      <div className="form-control">
        {children}
        <div className="below-field">
          {displayLabel && rawDescription ? <small className="field-description">{description}</small> : null}
          {errors}
          {help}
        </div>
      </div>
    </div>
  );
}

const DefaultObjectFieldTemplate = Templates.ObjectFieldTemplate!;
const DefaultArrayFieldItemTemplate = Templates.ArrayFieldItemTemplate!;

/**
 * An array item (in a `div.array-item`); with `ui:options.keepOne` on the array, its last item
 * cannot be removed (the remove button shows only while more than one item exists).
 */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const keepLast = Boolean(getUiOptions(props.parentUiSchema).keepOne) && props.totalItems <= 1 && props.buttonsProps.hasRemove;
  const buttonsProps = keepLast ? { ...props.buttonsProps, hasRemove: false } : props.buttonsProps;
  const hasToolbar = keepLast ? buttonsProps.hasMoveUp || buttonsProps.hasMoveDown || buttonsProps.hasCopy : props.hasToolbar;
  return (
    <div className={`array-item${hasToolbar ? ' has-toolbar' : ''}`}>
      <DefaultArrayFieldItemTemplate {...props} buttonsProps={buttonsProps} hasToolbar={hasToolbar} />
    </div>
  );
}

const DefaultArrayFieldTemplate = Templates.ArrayFieldTemplate!;

/**
 * The theme's array layout, its add button's words naming the item: the i18n key of the array's
 * `ui:options.addLabel` ('Add a series') rather than RJSF's 'Add Item' on every list. The theme's
 * template draws its own add button with the registry's `AddItemButton` string, so that string is
 * the one replaced, for this array only (its items are rendered with the form's registry).
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { t } = useTranslation();
  const { registry, uiSchema } = props;
  const addLabel = getUiOptions(uiSchema).addLabel;
  const named = useMemo<Registry>(() => {
    if (typeof addLabel !== 'string') return registry;
    const text = t(addLabel);
    return { ...registry, translateString: (key, params) => (key === TranslatableString.AddItemButton ? text : registry.translateString(key, params)) };
  }, [registry, addLabel, t]);
  return <DefaultArrayFieldTemplate {...props} registry={named} />;
}

/**
 * A title of the form's arrays and objects, as the theme draws it but as a second-level heading:
 * the theme's `h5` came right under the page's `h1`, skipping levels that assistive technologies
 * announce as missing (WCAG 1.3.1; Lighthouse 'heading-order').
 */
function FormHeading({ id, title, required, size, control }: { id?: string; title: ReactNode; required?: boolean; size: string; control?: ReactNode }) {
  const heading = (
    <h2 id={id} className="form-heading" style={{ margin: 0, fontSize: size, marginBottom: '0.2rem' }}>
      {title} {required ? '*' : ''}
    </h2>
  );
  if (!control) return heading;
  return (
    <div style={{ display: 'flex' }}>
      <div style={{ flexGrow: 1 }}>{heading}</div>
      <div>{control}</div>
    </div>
  );
}

/** The title of an array (the theme's layout, a second-level heading). */
export function ArrayFieldTitleTemplate({ title, uiSchema, required, fieldPathId, optionalDataControl }: ArrayFieldTitleProps) {
  return (
    <FormHeading id={titleId(fieldPathId)} title={getUiOptions(uiSchema).title || title} required={required} size="1.5rem" control={optionalDataControl} />
  );
}

/** The title of an object (the theme's layout with its divider, a second-level heading). */
export function TitleFieldTemplate({ id, title, uiSchema, required, optionalDataControl }: TitleFieldProps) {
  return (
    <div id={id}>
      <FormHeading
        title={getUiOptions(uiSchema).title || title}
        required={required}
        size={id === titleId('root') ? '1.5rem' : '1.2rem'}
        control={optionalDataControl}
      />
      <Divider pt={{ root: { style: { marginTop: '0.5rem' } } }} />
    </div>
  );
}

const NO_FIELDS: string[] = [];

/** The tab headers of `tabs`, translated, with their error marks; the same array while neither changes. */
function useTabHeaders(tabs: readonly FormTab[] | undefined, erroneousFields: string[]): FormTabHeader[] {
  const { t } = useTranslation();
  return useMemo(
    () => (tabs ?? []).map((tab) => ({ label: t(tab.label), hasError: tab.fields.some((f) => erroneousFields.includes(f)) })),
    [tabs, erroneousFields, t],
  );
}

/** The fields of one tab; its sub-tabs (if any) in a second row of tabs under its own fields. */
function TabContent({
  tab,
  byName,
  context,
}: {
  tab: FormTab;
  byName: Map<string, ObjectFieldTemplateProps['properties'][number]>;
  context: EngineFormContext;
}) {
  const own = tab.fields.filter((field) => !tab.tabs?.some((sub) => sub.fields.includes(field)));
  const headers = useTabHeaders(tab.tabs, context.erroneousFields);
  const { setActiveSubTab } = context;
  const onSubTab = useCallback((index: number) => setActiveSubTab?.(tab.label, index), [setActiveSubTab, tab.label]);
  const activeSub = Math.min(context.activeSubTabs?.[tab.label] ?? 0, Math.max(0, (tab.tabs?.length ?? 1) - 1));
  return (
    <>
      {own.map((field) => byName.get(field)?.content)}
      {tab.tabs?.length ? (
        <FormTabs className="form-sub-tabs" headers={headers} active={activeSub} onChange={onSubTab}>
          {tab.tabs[activeSub]!.fields.map((field) => byName.get(field)?.content)}
        </FormTabs>
      ) : null}
    </>
  );
}

/** The root object laid out in tabs when its UI schema declares `ui:options.tabs`; otherwise the theme's layout. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const isRoot = props.fieldPathId.path.length === 0;
  const tabs = useMemo(() => (isRoot ? formTabs(props.uiSchema) : []), [isRoot, props.uiSchema]);
  const context = props.registry.formContext as EngineFormContext;
  const headers = useTabHeaders(tabs, context?.erroneousFields ?? NO_FIELDS);
  if (tabs.length === 0) return <DefaultObjectFieldTemplate {...props} />;
  const byName = new Map(props.properties.map((p) => [p.name, p]));
  const active = Math.min(context.activeTab, tabs.length - 1);
  return (
    <FormTabs className="form-tabs" headers={headers} active={active} onChange={context.setActiveTab}>
      <TabContent key={tabs[active]!.label} tab={tabs[active]!} byName={byName} context={context} />
    </FormTabs>
  );
}
