import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { setAt, type Json } from '../draftEdits';

export interface OptionsFormProps {
  id: string;
  /** The JSON Schema of the options (a widget's declared `ui:options`, an option source). */
  schema: Json;
  value: Json | undefined;
  onChange(value: Json | undefined): void;
}

const typeOf = (schema: Json): string | undefined => {
  const type = Array.isArray(schema.type) ? (schema.type as unknown[]).find((value) => value !== 'null') : schema.type;
  return typeof type === 'string' ? type : Array.isArray(schema.enum) ? 'enum' : undefined;
};

/**
 * A form for options declared as a JSON Schema: texts, numbers, yes/no, a choice among values, and
 * nested objects; what it cannot show (a list of objects) is said, to be edited in the JSON. An
 * emptied option is removed. Values are checked by the server's complete check, shown at their path.
 */
export function OptionsForm({ id, schema, value, onChange }: OptionsFormProps) {
  const { t } = useTranslation();
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const set = (key: string, next: unknown) => {
    const updated = setAt(value ?? {}, [key], next === '' || next === null ? undefined : next);
    onChange(Object.keys(updated).length ? updated : undefined);
  };
  if (Object.keys(properties).length === 0) return <p className="studio-empty">{t('screens.studio.noOptions')}</p>;
  return (
    <div className="studio-grid">
      {Object.entries(properties).map(([key, property]) => {
        const inputId = `${id}-${key}`;
        const current = value?.[key];
        const type = typeOf(property);
        const help = typeof property.description === 'string' ? property.description : undefined;
        const label = (
          <label htmlFor={inputId} title={help}>
            {key}
          </label>
        );
        if (Array.isArray(property.enum))
          return (
            <div key={key} className="studio-grid-row">
              {label}
              <Dropdown
                inputId={inputId}
                ariaLabel={key}
                value={current ?? null}
                options={property.enum as unknown[]}
                showClear
                onChange={(event) => set(key, event.value)}
              />
            </div>
          );
        if (type === 'boolean')
          return (
            <div key={key} className="studio-grid-row">
              {label}
              <Checkbox inputId={inputId} checked={current === true} onChange={(event) => set(key, event.checked ? true : undefined)} />
            </div>
          );
        if (type === 'integer' || type === 'number')
          return (
            <div key={key} className="studio-grid-row">
              {label}
              <InputNumber
                inputId={inputId}
                value={typeof current === 'number' ? current : null}
                useGrouping={false}
                maxFractionDigits={type === 'number' ? 6 : 0}
                onValueChange={(event) => set(key, event.value ?? undefined)}
              />
            </div>
          );
        if (type === 'object' && property.properties)
          return (
            <fieldset key={key} className="studio-fieldset">
              <legend>{key}</legend>
              <OptionsForm id={inputId} schema={property} value={current as Json | undefined} onChange={(next) => set(key, next)} />
            </fieldset>
          );
        if (type === 'string' || type === undefined)
          return (
            <div key={key} className="studio-grid-row">
              {label}
              <InputText
                id={inputId}
                value={typeof current === 'string' ? current : current === undefined ? '' : JSON.stringify(current)}
                onChange={(event) => set(key, event.target.value)}
              />
            </div>
          );
        return (
          <div key={key} className="studio-grid-row">
            {label}
            <span className="studio-muted">{t('screens.studio.inJson')}</span>
          </div>
        );
      })}
    </div>
  );
}
