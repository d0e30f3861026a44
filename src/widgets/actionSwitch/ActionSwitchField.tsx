import type { FieldProps } from '@rjsf/utils';
import { InputSwitch } from 'primereact/inputswitch';
import { useTranslation } from 'react-i18next';
import type { EngineFormContext } from '../../engine/form/templates';
import { useRecordAction } from '../../engine/form/useRecordAction';
import type { ActionSwitchOptions } from '../../../common/widgetOptions/actionSwitch';

/**
 * A yes/no value of the record set by its own action, at once, not by the form's save (a user's
 * validation, SPEC §4): a switch posting `{ <field>: true|false }`; the server's message is toasted,
 * its answer updates the form. Hidden on a record not created yet.
 */
export function ActionSwitchField({ name, formData, schema, uiSchema, registry, fieldPathId, disabled }: FieldProps<boolean>) {
  const { t } = useTranslation();
  const context = registry.formContext as EngineFormContext;
  const { action, onLabel, offLabel } = (uiSchema?.['ui:options'] ?? {}) as unknown as ActionSwitchOptions;
  const { run, pending } = useRecordAction(context);
  if (context.recordId === undefined) return null;
  const checked = Boolean(formData);
  const id = fieldPathId.$id;
  return (
    <div className="form-row action-switch">
      <label htmlFor={id} className="field-label">
        {schema.title}
      </label>
      <div className="form-control action-switch-control">
        <InputSwitch
          inputId={id}
          checked={checked}
          // `readonly` is not read: the property is readOnly for the form's save, not for its action.
          disabled={pending || disabled}
          onChange={(event) => void run({ method: 'post', path: `${action}/${context.recordId}`, body: { [name]: Boolean(event.value) }, applies: [name] })}
        />
        <span className={`action-switch-state ${checked ? 'is-on' : 'is-off'}`}>{t(checked ? onLabel : offLabel)}</span>
      </div>
    </div>
  );
}
