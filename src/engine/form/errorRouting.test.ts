import { describe, expect, it } from 'vitest';
import { clearEditedErrors, firstErrorLocation, toErrorSchema } from './errorRouting';

describe('toErrorSchema', () => {
  it('nests dotted server keys, array indexes included, and keeps every message of a key', () => {
    expect(toErrorSchema({ 'names.fr': ['Too long.', 'Bad.'], 'seriesList.2.name': ['Required.'], color: ['Invalid.'] })).toEqual({
      names: { fr: { __errors: ['Too long.', 'Bad.'] } },
      seriesList: { 2: { name: { __errors: ['Required.'] } } },
      color: { __errors: ['Invalid.'] },
    });
  });
});

describe('firstErrorLocation', () => {
  const order = ['names', 'color', 'parent_id'];

  it('picks the first field in form order, and the first locale in tab order', () => {
    expect(firstErrorLocation({ parent_id: ['x'], 'names.it': ['x'], 'names.es': ['x'] }, order)).toEqual({ key: 'names.es', tab: undefined, locale: 'es' });
  });

  it('prefers the English tab when English has an error', () => {
    expect(firstErrorLocation({ 'names.de': ['x'], 'names.en': ['x'] }, order)?.locale).toBe('en');
  });

  it('names the form tab holding the first error, tabs taking precedence over field order', () => {
    const tabs = [
      { label: 'a', fields: ['color'] },
      { label: 'b', fields: ['names', 'parent_id'] },
    ];
    expect(firstErrorLocation({ 'names.fr': ['x'], parent_id: ['x'] }, order, tabs)).toEqual({ key: 'names.fr', tab: 1, locale: 'fr' });
    expect(firstErrorLocation({ 'names.fr': ['x'], color: ['x'] }, order, tabs)?.tab).toBe(0);
  });

  it('is undefined without errors', () => {
    expect(firstErrorLocation({}, order)).toBeUndefined();
  });
});

describe('clearEditedErrors', () => {
  it('drops the errors of edited values only', () => {
    const errors = { 'names.fr': ['x'], color: ['y'] };
    expect(clearEditedErrors(errors, { names: { fr: 'a' }, color: '#1' }, { names: { fr: 'b' }, color: '#1' })).toEqual({ color: ['y'] });
    expect(clearEditedErrors(errors, { color: '#1' }, { color: '#1' })).toBe(errors);
  });
});
