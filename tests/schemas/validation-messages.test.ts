import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { fieldName, fieldMessage, toFieldErrors } from '../../common/validation';
import { compileFormValidator } from '../../server/definitions/formValidator';
import readingSheetsScreen from '../../schemas/reading-sheets.screen.json';
import { screenOf } from '../../src/engine/resource/definitions';
import { formValidatorFor } from '../../src/engine/form/validator';

/** The reading sheet's form schema, built-in version. */
const sheetFormSchema = readingSheetsScreen.form.schema as RJSFSchema;

/** The client's message of each error of `data`, by dotted key, as the form shows them. */
function clientErrors(schema: RJSFSchema, data: unknown): Record<string, string[]> {
  const { errors } = formValidatorFor(schema).validateFormData(data as never, schema);
  const byKey: Record<string, string[]> = {};
  for (const error of errors) {
    const key = (error.property ?? '').replace(/^\./, '');
    (byKey[key] ??= []).push(error.message ?? '');
  }
  return byKey;
}

describe('validation messages', () => {
  it('name one language of a translatable field as the field and its language', () => {
    expect(fieldMessage('required', {}, fieldName(['names', 'en']))).toBe('The name (English) field is required.');
    expect(fieldMessage('maxLength', { limit: 100000 }, fieldName(['pitches', 'de']))).toBe('The pitch (Deutsch) may not be greater than 100000 characters.');
    expect(fieldName(['summaries', 'it'])).toBe('summary (Italiano)');
    expect(fieldName(['characters', '2', 'issues', 'fr'])).toBe('issue (Français)');
    expect(fieldName(['demand_date'])).toBe('demand_date');
  });

  it('name a field by the label the form shows, on both sides: a request without its date, type or sheet', () => {
    const schema = screenOf('demands').form!.schema as RJSFSchema;
    const data = { user_id: 1, demand_status_id: 1, demand_date: '2026-13-45' };
    const server = compileFormValidator(schema)(data);
    expect(server).toEqual({
      book_id: ['The reading sheet field is required.'],
      demand_type_id: ['The request type field is required.'],
      demand_date: ['The request date format is invalid.'],
    });
    const client = clientErrors(schema, data);
    for (const key of Object.keys(server!)) expect(client[key]).toEqual(server![key]);
  });

  it('say the same words on the client and on the server: a genre without its English name', () => {
    const schema = screenOf('genres').form!.schema as RJSFSchema;
    const data = { names: { fr: 'Polar' }, color: '#0091ea' };
    const server = compileFormValidator(schema)(data);
    expect(server).toEqual({ 'names.en': ['The name (English) field is required.'] });
    expect(clientErrors(schema, data)['names.en']).toEqual(server!['names.en']);
  });

  it('say the same words on the client and on the server: a German pitch too long', () => {
    const data = { original_title: 'Titel', pitches: { de: 'x'.repeat(100_001) } };
    const client = clientErrors(sheetFormSchema, data);
    expect(client['pitches.de']).toEqual(['The pitch (Deutsch) may not be greater than 100000 characters.']);
    // The server's validator of the same schema (ajv errors through the same wording).
    const server = compileFormValidator(sheetFormSchema)(data);
    expect(server?.['pitches.de']).toEqual(client['pitches.de']);
    expect(toFieldErrors([])).toEqual({});
  });
});
