import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../bench/generate.js';
import { insertUser } from '../helpers/subscribers.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/** More sheets than one batch of the export reads (2,000): every batch must reach the file. */
const SHEETS = 2_300;
const BOM = '\uFEFF';

describe('GET admin/{api}/export: every matching row as CSV or XLSX, with the columns and the words the list shows', () => {
  let t: TestApp;
  let cookie: string;
  const get = (url: string, headers: Record<string, string> = {}) => t.as(cookie, { method: 'GET', url: `/api/admin/${url}`, headers });
  /** A CSV export read back: its rows (header first), checked to start with the byte-order mark. */
  const csvRows = async (url: string, headers: Record<string, string> = {}, delimiter = ',') => {
    const response = await get(url, headers);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body.startsWith(BOM)).toBe(true);
    return { response, rows: parse(response.body.slice(1), { delimiter, relax_column_count: false }) as string[][] };
  };
  /** Every sheet of a list query, through the list itself, page by page (what the screen would show). */
  const listed = async (query: string) => {
    const rows: {
      id: number;
      original_title: string;
      author_names: string;
      status: { label: string };
      rights_status: { label: string };
      primary_genre_name: string | null;
      updated_at: string;
    }[] = [];
    for (let page = 1; ; page++) {
      const response = await get(`books?${query}&perPage=1000&page=${page}`);
      expect(response.statusCode).toBe(200);
      rows.push(...response.json().data);
      if (page >= response.json().meta.last_page) return rows;
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login();
    await generateCatalogue(t.database.db, { size: SHEETS });
  }, 120_000);
  afterAll(async () => t?.close());

  it('writes every sheet, not one page: the screen’s columns and headers, names instead of codes, a comma for English', async () => {
    const { response, rows } = await csvRows('books/export?format=csv&page=3&perPage=10', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="reading-sheets-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['x-export-rows']).toBe(String(SHEETS));
    expect(response.body).toContain('\r\n');
    expect(rows[0]).toEqual(['Id', 'Original title', 'Authors', 'Status', 'Genre', 'Updated']);
    expect(rows).toHaveLength(SHEETS + 1);
    // The list's own order (last updated first) and the same cells: status and genre by name, the date as the list writes it.
    const list = await listed('');
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(list.map((sheet) => sheet.id));
    const first = list[0]!;
    expect(rows[1]).toEqual([
      String(first.id),
      first.original_title,
      first.author_names,
      first.status.label,
      first.primary_genre_name ?? '',
      first.updated_at.replace('T', ' ').slice(0, 16),
    ]);
    expect(new Set(rows.slice(1).map((row) => row[3]))).toEqual(new Set(list.map((sheet) => sheet.status.label)));
    expect(rows.slice(1).every((row) => !/^\d+$/.test(row[3]!))).toBe(true);
  });

  it('follows the search, the filters and the sort of the list, and the columns it shows', async () => {
    const query = 'statuses=2&genres=1&sort=title&direction=asc';
    const list = await listed(query);
    expect(list.length).toBeGreaterThan(5);
    const { rows } = await csvRows(`books/export?${query}&columns=original_title,rights_status,author_names`);
    expect(rows[0]).toEqual(['Original title', 'Rights status', 'Authors']);
    expect(rows.slice(1)).toEqual(list.map((sheet) => [sheet.original_title, sheet.rights_status.label, sheet.author_names]));
    // A search's title and author matches first, like the list.
    const word = list[0]!.original_title.split(' ').find((part) => part.length > 4)!;
    const searched = await listed(`search=${encodeURIComponent(word)}`);
    const { rows: found } = await csvRows(`books/export?search=${encodeURIComponent(word)}&columns=id`);
    expect(found.slice(1).map((row) => Number(row[0]))).toEqual(searched.map((sheet) => sheet.id));
  });

  it('writes the columns the screen offers with its Columns button, under their headers, and refuses a field it does not offer', async () => {
    const { rows } = await csvRows('books/export?statuses=2&sort=id&columns=id,publication_date:date,original_country,language,nb_pages,plot_rating:stars');
    expect(rows[0]).toEqual(['Id', 'Publication date', 'Original country', 'Language', 'Pages', 'Plot']);
    const list = (await get('books?statuses=2&sort=id&perPage=1000')).json().data as Record<string, unknown>[];
    expect(rows.slice(1)).toEqual(
      list.map((sheet) =>
        [sheet.id, sheet.publication_date, sheet.original_country, sheet.language, sheet.nb_pages, sheet.plot_rating].map((value) =>
          value === null ? '' : String(value),
        ),
      ),
    );
    // The catalogue has them: a country, pages and stars on most sheets, not on all.
    expect(rows.slice(1).some((row) => row[2] !== '' && row[4] !== '' && /^[0-4]$/.test(row[5]!))).toBe(true);
    // What the rows carry for the screen's cells, never offered: the cover's address, the genre's colour code, the raw status label.
    const internal = await get('books/export?columns=id,cover_url,primary_genre_color,status_label');
    expect(internal.statusCode).toBe(422);
    expect(internal.json().errors.columns).toEqual(
      ['cover_url', 'primary_genre_color', 'status_label'].map(
        (column) => `The column ${column} is not one this list shows or offers with its Columns button.`,
      ),
    );
  });

  it('separates with a semicolon where the reader’s locale writes decimals with a comma', async () => {
    const { rows } = await csvRows('books/export?statuses=1&columns=id,original_title', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' }, ';');
    expect(rows[0]).toEqual(['Id', 'Original title']);
    expect(rows.length).toBeGreaterThan(1);
    const german = await get('books/export?statuses=1&columns=id', { 'accept-language': 'de' });
    expect(german.body.split('\r\n')[0]).toBe(`${BOM}Id`);
    expect((await get('books/export?columns=id,original_title&statuses=1', { 'accept-language': 'de-DE' })).body.split('\r\n')[0]).toBe(
      `${BOM}Id;Original title`,
    );
    expect((await get('books/export?columns=id,original_title&statuses=1', { 'accept-language': 'en-US' })).body.split('\r\n')[0]).toBe(
      `${BOM}Id,Original title`,
    );
  });

  it('writes an XLSX workbook its library reads back: the header in bold, every row, counts as numbers', async () => {
    const response = await get('books/export?format=xlsx&statuses=2');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/filename="reading-sheets-[\d-]+\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('READING SHEETS LIST');
    const values = (index: number) => (sheet.getRow(index).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['Id', 'Original title', 'Authors', 'Status', 'Genre', 'Updated']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const list = await listed('statuses=2');
    expect(sheet.actualRowCount).toBe(list.length + 1);
    expect(values(2)).toEqual([
      String(list[0]!.id),
      list[0]!.original_title,
      list[0]!.author_names,
      list[0]!.status.label,
      list[0]!.primary_genre_name ?? '',
      list[0]!.updated_at.replace('T', ' ').slice(0, 16),
    ]);

    const companies = await get('companies/export?format=xlsx&columns=name,books_count');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(companies.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((row) => typeof row[1] === 'string' && typeof row[2] === 'number')).toBe(true);
    const counted = (await get('companies?perPage=1000')).json().data as { name: string; books_count: number }[];
    expect(rows.map((row) => row.slice(1))).toEqual(counted.map((company) => [company.name, company.books_count]));
  });

  it('exports a reference list and the requests with the words of their cells', async () => {
    const { rows: genres } = await csvRows('genres/export');
    expect(genres[0]).toEqual(['Id', 'Name', 'Colour', 'Parent genre']);
    const listedGenres = (await get('genres?perPage=1000')).json();
    expect(genres).toHaveLength(listedGenres.meta.total + 1);
    const child = (listedGenres.data as { id: number; names: { en: string }; color: string; parent_name: string | null }[]).find((genre) => genre.parent_name)!;
    expect(genres.find((row) => row[0] === String(child.id))).toEqual([String(child.id), child.names.en, child.color, child.parent_name]);
    // A top-level genre's parent cell (an icon on the screen) is empty.
    expect(genres.some((row) => row[3] === '')).toBe(true);

    const userId = await insertUser(t.database.db, { firstname: 'Ann', lastname: 'Scout', company: 'North Films' });
    const book = (await get('books?perPage=1')).json().data[0] as { id: number; original_title: string; author_names: string };
    const statuses = (await get('utilities/demand-statuses')).json().data as { id: number; name: string }[];
    const types = (await get('utilities/demand-types')).json().data as { id: number; name: string }[];
    const created = await t.as(cookie, {
      method: 'POST',
      url: '/api/admin/demands',
      payload: { user_id: userId, book_id: book.id, demand_date: '2026-11-02', demand_type_id: types[0]!.id, demand_status_id: statuses[0]!.id },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { rows: requests } = await csvRows(`demands/export?book_id=${book.id}`);
    expect(requests[0]).toEqual(['Id', 'User', 'E-mail', 'Reading sheet', 'Date', 'End date', 'Type', 'Status']);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.slice(1, 3)).toEqual([expect.stringMatching(/^Ann Scout \(North Films\)$/), expect.stringMatching(/@subscribers\.test$/)]);
    expect(requests[1]![3]).toBe(book.author_names ? `${book.original_title} (${book.author_names})` : book.original_title);
    expect(requests[1]!.slice(4)).toEqual(['2026-11-02', '', types[0]!.name, statuses[0]!.name]);
  });

  it('refuses what the list does not take with 422 naming it, before any file starts', async () => {
    const unknown = await get('books/export?format=csv&colour=red');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.colour[0]).toMatch(/^The colour parameter is not accepted by this list/);
    const format = await get('books/export?format=pdf');
    expect(format.statusCode).toBe(422);
    expect(Object.keys(format.json().errors)).toEqual(['format']);
    const column = await get('genres/export?columns=names,password');
    expect(column.statusCode).toBe(422);
    expect(column.json().errors.columns).toEqual(['The column password is not one this list shows or offers with its Columns button.']);
    const value = await get('books/export?statuses=abc');
    expect(value.statusCode).toBe(422);
    expect(Object.keys(value.json().errors)).toEqual(['statuses']);
  });
});
