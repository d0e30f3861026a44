import type { ValidatorType } from '@rjsf/utils';

/**
 * The preview's form validator: it finds nothing, because the preview's save asks the server
 * (`POST admin/screens/{name}/validate`, the draft's schema compiled there). A draft's schema has
 * no validator compiled for the browser, and the page compiles no code (no `unsafe-eval`).
 * `isValid` says yes, so a schema choosing among variants (`oneOf`) shows its first match.
 */
export const serverOnlyValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({}),
};
