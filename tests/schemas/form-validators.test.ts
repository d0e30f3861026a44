import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import readingSheetsScreen from '../../schemas/reading-sheets.screen.json';
import { allScreens } from '../../src/engine/resource/definitions';
import { translateSchema } from '../../src/engine/form/translateSchema';
import { formValidatorFor } from '../../src/engine/form/validator';

/** The reading sheet's form schema, built-in version. */
const sheetFormSchema = readingSheetsScreen.form.schema as RJSFSchema;

/** Every form of the app validates with a validator compiled at build time (no code compiled in the browser). */
describe('formValidatorFor', () => {
  const forms: [string, RJSFSchema][] = [
    ...allScreens().flatMap((screen) => (screen.form ? [[screen.resource, screen.form.schema as RJSFSchema] as [string, RJSFSchema]] : [])),
    ['reading sheet', sheetFormSchema],
  ];

  it.each(forms)('has the compiled validator of the %s form, whatever language its texts are in, naming fields by their labels in it', (_name, schema) => {
    const shouting = translateSchema(schema, ((key: string) => `${key.split('.').pop()!.toUpperCase()} LABEL`) as never);
    const verdict = (on: RJSFSchema) =>
      formValidatorFor(on)
        .validateFormData({}, on)
        .errors.map((error) => [error.property, error.message]);
    const [shouted, plain] = [verdict(shouting), verdict(schema)];
    expect(shouted.map(([property]) => property)).toEqual(plain.map(([property]) => property));
    // A field with a label is named by it, in the form's language.
    const labelled = shouted.filter(([, message]) => message!.includes(' LABEL'));
    if (plain.length > 0) expect(labelled.length).toBeGreaterThan(0);
  });

  it('refuses a schema no build compiled, loudly', () => {
    expect(() => formValidatorFor({ type: 'object', properties: { nickname: { type: 'string' } } })).toThrow(
      /No validator was compiled for this form's schema/,
    );
  });

  it('reports errors with the product messages', () => {
    const schema = forms.find(([name]) => name === 'contacts')![1];
    const { errors } = formValidatorFor(schema).validateFormData({ email: 'nope' }, schema);
    expect(errors.map((error) => error.message)).toEqual(expect.arrayContaining(['The name field is required.', 'The e-mail must be a valid email address.']));
  });
});
