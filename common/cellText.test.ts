import { describe, expect, it } from 'vitest';
import { CELL_NAMES } from './screenDefinition';
import { cellText, cellValueText } from './cellText';

const words = {
  t: (key: string) => ({ 'widgets.subscription.roles.vip': 'VIP', 'test.sources.report': 'Reading report', 'history.empty': '(empty)' })[key] ?? key,
  htmlText: (html: string) => html.replace(/<[^>]+>/g, ''),
};

describe('cellText: what a list cell says, as an export writes it', () => {
  it('says names, not codes, for every cell, and nothing for an empty value', () => {
    const row = { demand_status: { id: 4, name: 'Refused' } };
    expect(cellValueText('bookStatus', { id: 2, label: 'In progress' }, row, words)).toBe('In progress');
    expect(cellValueText('requestStatus', 4, row, words)).toBe('Refused');
    expect(cellValueText('translatedName', { fr: 'Polar', en: 'Crime' }, row, words)).toBe('Crime');
    expect(cellValueText('planRole', 'vip', row, words)).toBe('VIP');
    expect(cellValueText('planRole', 'founders', row, words)).toBe('founders');
    expect(cellValueText('userWithCompany', { name: 'Ann Lee', company: 'North Films', email: 'ann@north.test' }, row, words)).toBe('Ann Lee (North Films)');
    expect(cellValueText('userEmail', { name: 'Ann Lee', email: 'ann@north.test' }, row, words)).toBe('ann@north.test');
    expect(cellValueText('readingSheetLink', { id: 7, original_title: 'Night Train', authorList: [{ name: 'A. Writer' }] }, row, words)).toBe(
      'Night Train (A. Writer)',
    );
    expect(cellValueText('fullnames', [{ fullname: 'Ann Lee' }, { fullname: 'Bo Park' }], row, words)).toBe('Ann Lee, Bo Park');
    expect(cellValueText('date', '2026-11-29T08:15:30.000Z', row, words)).toBe('2026-11-29 08:15');
    expect(cellValueText('html', '<p>A <strong>bold</strong> pitch</p>', row, words)).toBe('A bold pitch');
    expect(cellValueText('count', 12, row, words)).toBe(12);
    expect(cellValueText('count', null, row, words)).toBe(0);
    // A rating as its number of stars, 0 included; not rated, nothing.
    expect(cellValueText('stars', 3, row, words)).toBe(3);
    expect(cellValueText('stars', 0, row, words)).toBe(0);
    expect(
      cellValueText(
        'text',
        [
          { id: 1, name: 'Hugo' },
          { id: 2, name: 'Anna' },
        ],
        row,
        words,
      ),
    ).toBe('Hugo, Anna');
    for (const cell of CELL_NAMES.filter((name) => name !== 'count' && name !== 'requestStatus')) expect(cellValueText(cell, null, {}, words), cell).toBe('');
  });

  it('reads a column’s labelKeys first, and a value without a text as it is', () => {
    const column = { field: 'label', cell: 'text' as const, labelKeys: 'test.sources' };
    expect(cellText(column, { label: 'report' }, words)).toBe('Reading report');
    expect(cellText(column, { label: 'summary' }, words)).toBe('summary');
  });
});
