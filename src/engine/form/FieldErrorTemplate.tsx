import { errorId, getUiOptions, type FieldErrorProps } from '@rjsf/utils';

/** A field's messages under it, one per line, or joined by `ui:options.errorsJoin` (`" "`: one sentence after the other). */
export function FieldErrorTemplate({ errors, fieldPathId, uiSchema }: FieldErrorProps) {
  if (!errors?.length) return null;
  const join = getUiOptions(uiSchema).errorsJoin;
  return (
    <small id={errorId(fieldPathId)} className="p-error field-error" role="alert">
      {errors.map(String).join(typeof join === 'string' ? join : '\n')}
    </small>
  );
}
