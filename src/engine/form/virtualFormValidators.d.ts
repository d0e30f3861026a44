/** The forms' validators compiled at build time (scripts/formValidators.ts), by `validationKey`. */
declare module 'virtual:form-validators' {
  export const FORM_VALIDATORS: Readonly<Record<string, (data: unknown) => boolean>>;
}
