import {
  errorId,
  getUiOptions,
  type ArrayFieldItemTemplateProps,
  type FieldErrorProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
} from '@rjsf/utils';
import { Templates } from '@rjsf/primereact';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { formTabs, type FormTab } from './errorRouting';
import { useFormValue, type FormDataStore } from './formDataStore';
import { isVisible, type VisibleWhen } from './visibility';

/** What the engine passes to templates and widgets through RJSF's formContext. */
export interface EngineFormContext {
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

/** A field's messages, one per line, under it. */
export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  if (!errors?.length) return null;
  return (
    <small id={errorId(fieldPathId)} className="p-error field-error" role="alert">
      {errors.map(String).join('\n')}
    </small>
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

/** The fields of one tab; its sub-tabs (if any) in a second row of tabs under its own fields. */
function TabContent({ tab, byName, context }: { tab: FormTab; byName: Map<string, ObjectFieldTemplateProps['properties'][number]>; context: EngineFormContext }) {
  const { t } = useTranslation();
  const own = tab.fields.filter((field) => !tab.tabs?.some((sub) => sub.fields.includes(field)));
  return (
    <>
      {own.map((field) => byName.get(field)?.content)}
      {tab.tabs?.length ? (
        <TabView
          activeIndex={context.activeSubTabs?.[tab.label] ?? 0}
          onTabChange={(e) => context.setActiveSubTab?.(tab.label, e.index)}
          className="form-sub-tabs"
        >
          {tab.tabs.map((sub) => {
            const hasError = sub.fields.some((f) => context.erroneousFields.includes(f));
            return (
              <TabPanel key={sub.label} header={t(sub.label)} headerClassName={hasError ? 'tab-has-error' : undefined} rightIcon={hasError ? 'pi pi-exclamation-circle' : undefined}>
                {sub.fields.map((field) => byName.get(field)?.content)}
              </TabPanel>
            );
          })}
        </TabView>
      ) : null}
    </>
  );
}

/** The root object laid out in tabs when its UI schema declares `ui:options.tabs`; otherwise the theme's layout. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { t } = useTranslation();
  const tabs = props.fieldPathId.path.length === 0 ? formTabs(props.uiSchema) : [];
  if (tabs.length === 0) return <DefaultObjectFieldTemplate {...props} />;
  const context = props.registry.formContext as EngineFormContext;
  const byName = new Map(props.properties.map((p) => [p.name, p]));
  return (
    <TabView activeIndex={context.activeTab} onTabChange={(e) => context.setActiveTab(e.index)} className="form-tabs">
      {tabs.map((tab) => {
        const hasError = tab.fields.some((f) => context.erroneousFields.includes(f));
        return (
          <TabPanel key={tab.label} header={t(tab.label)} headerClassName={hasError ? 'tab-has-error' : undefined} rightIcon={hasError ? 'pi pi-exclamation-circle' : undefined}>
            <TabContent tab={tab} byName={byName} context={context} />
          </TabPanel>
        );
      })}
    </TabView>
  );
}
