import { describe, expect, it } from 'vitest';
import { recordOfPath, recordPathOf } from './recordRoutes';

describe('recordOfPath', () => {
  it('finds the record of the reading-sheet editor and of a screen form page', () => {
    expect(recordOfPath('/reading-sheet/41')).toEqual({ api: 'books', id: '41' });
    expect(recordOfPath('/genre/12')).toEqual({ api: 'genres', id: '12' });
    expect(recordOfPath('/literary-prize/3')).toEqual({ api: 'literary-prizes', id: '3' });
  });

  it('carries the query a bespoke screen reads its record with (a reporter, in English)', () => {
    expect(recordOfPath('/reporter/4')).toEqual({ api: 'reporters', id: '4', params: { lang: 'en' } });
    expect(recordOfPath('/reporter')).toBeUndefined();
  });

  it('finds none on create pages, lists and other pages', () => {
    expect(recordOfPath('/reading-sheet')).toBeUndefined();
    expect(recordOfPath('/literary-prize')).toBeUndefined();
    expect(recordOfPath('/literary-prize/new')).toBeUndefined();
    expect(recordOfPath('/reading-sheets')).toBeUndefined();
    expect(recordOfPath('/auth/login')).toBeUndefined();
    expect(recordOfPath('/genre/12/extra')).toBeUndefined();
  });
});

describe('recordPathOf', () => {
  it('gives the edit page of a record by its API name, none for an API without one', () => {
    expect(recordPathOf('books', 41)).toBe('/reading-sheet/41');
    expect(recordPathOf('genres', 12)).toBe('/genre/12');
    expect(recordPathOf('reporters', 4)).toBe('/reporter/4');
    expect(recordPathOf('planets', 1)).toBeUndefined();
  });
});
