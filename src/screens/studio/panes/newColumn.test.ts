import { describe, expect, it } from 'vitest';
import genres from '../../../../schemas/genres.screen.json';
import i18n from '../../../i18n';
import type { Json } from '../draftEdits';
import { humanise } from './fieldLabel';
import { newColumn } from './newColumn';

const t = (key: string) => i18n.t(key);

describe('a new list column, headed in words', () => {
  it('takes the interface’s shared header of the field when there is one', () => {
    expect(newColumn(t, 'screens.genres', genres as Json, {}, 'name')).toEqual({ column: { field: 'name', header: 'columns.name', cell: 'text' }, labels: {} });
  });

  it('else heads it, in the screen’s own texts, with the label of the form field it shows', () => {
    const { column, labels } = newColumn(t, 'screens.genres', genres as Json, { title: 'Genres' }, 'parent_id');
    expect(column).toEqual({ field: 'parent_id', header: 'screens.genres.columns.parent_id', cell: 'text' });
    expect(labels).toEqual({ title: 'Genres', columns: { parent_id: 'Parent genre' } });
    // `company_name` shows `company_id`: its label too.
    const withCompany = { form: { schema: { properties: { company_id: { title: 'Publisher' } } } } };
    expect(newColumn(t, 'screens.x', withCompany, {}, 'company_name').labels).toEqual({ columns: { company_name: 'Publisher' } });
  });

  it('else with the field’s name in words, never the key', () => {
    expect(newColumn(t, 'screens.genres', genres as Json, {}, 'books_count').labels).toEqual({ columns: { books_count: 'Books count' } });
    expect(humanise('contactTypeId')).toBe('Contact type id');
  });
});
