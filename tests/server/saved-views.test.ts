import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdministrator } from '../../server/db/repositories/auth/administratorRepository.js';
import { loadScreenFiles } from '../../server/definitions/loadScreens.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

const COLLEAGUE = { email: 'colleague@scouting.test', password: 'another good password' };

/** A morning check of the reading sheets: in progress, thrillers, twenty a page, titles A to Z, four columns. */
const MORNING = {
  screen: 'reading-sheets',
  name: 'Thrillers in progress',
  query: { statuses: ['2'], genres: ['3', '5'], search: 'night', perPage: '20', sort: 'title', direction: 'asc' },
  columns: ['original_title', 'author_names', 'status', 'updated_at'],
};

describe('admin/views: saved views of the lists, private or shared, and each person’s default', () => {
  let t: TestApp;
  let staff: string;
  let colleague: string;
  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.as(cookie, { method, url: `/api/admin/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const viewsOf = async (cookie: string, screen: string) => {
    const response = await call(cookie, 'GET', `views?screen=${screen}`);
    expect(response.statusCode).toBe(200);
    return response.json().data as {
      id: number;
      name: string;
      shared: boolean;
      mine: boolean;
      is_default: boolean;
      query: object;
      columns: string[];
      dropped: object[];
      author: { name: string };
    }[];
  };

  beforeAll(async () => {
    t = await createTestApp();
    await insertAdministrator(t.database.db, {
      firstname: 'Col',
      lastname: 'League',
      email: COLLEAGUE.email,
      passwordHash: await hashPassword(COLLEAGUE.password),
    });
    staff = await t.login();
    colleague = await t.login(COLLEAGUE.email, COLLEAGUE.password);
  });
  afterAll(async () => t?.close());

  it('saves a private view with its query and columns: its author sees it, a colleague does not', async () => {
    const saved = await call(staff, 'POST', 'views', MORNING);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'View saved.',
      data: {
        name: 'Thrillers in progress',
        screen: 'reading-sheets',
        query: MORNING.query,
        columns: MORNING.columns,
        shared: false,
        mine: true,
        is_default: false,
        dropped: [],
        author: { name: 'Staff Member' },
      },
    });
    expect((await viewsOf(staff, 'reading-sheets')).map((view) => view.name)).toEqual(['Thrillers in progress']);
    expect(await viewsOf(colleague, 'reading-sheets')).toEqual([]);
    // Views belong to their list.
    expect(await viewsOf(staff, 'genres')).toEqual([]);
    // A colleague cannot read, change or delete a private view by its id either: to them it does not exist.
    const id = saved.json().data.id;
    expect((await call(colleague, 'PUT', `views/${id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call(colleague, 'DELETE', `views/${id}`)).statusCode).toBe(404);
  });

  it('shares a view with every administrator; only its author changes or deletes it (403, naming the author)', async () => {
    const id = (await viewsOf(staff, 'reading-sheets'))[0]!.id;
    const shared = await call(staff, 'PUT', `views/${id}`, { shared: true });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().data).toMatchObject({ shared: true, name: 'Thrillers in progress', query: MORNING.query });
    const seen = await viewsOf(colleague, 'reading-sheets');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id, mine: false, shared: true, query: MORNING.query, columns: MORNING.columns, author: { name: 'Staff Member' } });

    for (const attempt of [call(colleague, 'PUT', `views/${id}`, { name: 'Renamed by a colleague' }), call(colleague, 'DELETE', `views/${id}`)]) {
      const refused = await attempt;
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only Staff Member, who saved this view, can change or delete it.');
    }
    expect((await viewsOf(staff, 'reading-sheets'))[0]!.name).toBe('Thrillers in progress');

    const renamed = await call(staff, 'PUT', `views/${id}`, { name: 'Morning thrillers', query: { ...MORNING.query, perPage: '50' } });
    expect(renamed.statusCode).toBe(200);
    expect((await viewsOf(colleague, 'reading-sheets'))[0]).toMatchObject({ name: 'Morning thrillers', query: { perPage: '50' } });
  });

  it('keeps a default view per person and list: set, replaced, cleared; gone with the view or when it stops being shared', async () => {
    const shared = (await viewsOf(staff, 'reading-sheets'))[0]!.id;
    const own = (await call(colleague, 'POST', 'views', { screen: 'reading-sheets', name: 'Published', query: { statuses: ['4'] } })).json().data.id;

    expect((await call(colleague, 'PUT', 'views/default', { screen: 'reading-sheets', viewId: shared })).json().message).toBe('Default view set.');
    expect((await viewsOf(colleague, 'reading-sheets')).filter((view) => view.is_default).map((view) => view.id)).toEqual([shared]);
    // Each person's own: the author's default is not set by a colleague's.
    expect((await viewsOf(staff, 'reading-sheets')).some((view) => view.is_default)).toBe(false);

    await call(colleague, 'PUT', 'views/default', { screen: 'reading-sheets', viewId: own });
    expect((await viewsOf(colleague, 'reading-sheets')).filter((view) => view.is_default).map((view) => view.id)).toEqual([own]);
    expect((await call(colleague, 'PUT', 'views/default', { screen: 'reading-sheets', viewId: null })).json().message).toBe(
      'The list opens with no view by default.',
    );
    expect((await viewsOf(colleague, 'reading-sheets')).some((view) => view.is_default)).toBe(false);

    // A view of another list, or another's private view, cannot be a default.
    const genresView = (await call(staff, 'POST', 'views', { screen: 'genres', name: 'Crime', query: { name: 'crime' } })).json().data.id;
    for (const viewId of [genresView, 999_999]) {
      const refused = await call(colleague, 'PUT', 'views/default', { screen: 'reading-sheets', viewId });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ viewId: [`The view ${viewId} is not one of this list's views that you can open.`] });
    }

    // The shared view made private again: the colleague's default on it goes, and the view with it.
    await call(colleague, 'PUT', 'views/default', { screen: 'reading-sheets', viewId: shared });
    await call(staff, 'PUT', `views/${shared}`, { shared: false });
    expect((await viewsOf(colleague, 'reading-sheets')).map((view) => view.id)).toEqual([own]);
    await call(staff, 'PUT', `views/${shared}`, { shared: true });
    expect((await viewsOf(colleague, 'reading-sheets')).some((view) => view.is_default)).toBe(false);

    // Deleted: gone for everyone, defaults included.
    await call(staff, 'PUT', 'views/default', { screen: 'reading-sheets', viewId: shared });
    expect((await call(staff, 'DELETE', `views/${shared}`)).json().message).toBe('View deleted.');
    expect((await viewsOf(staff, 'reading-sheets')).map((view) => view.id)).toEqual([]);
    expect((await viewsOf(colleague, 'reading-sheets')).map((view) => view.id)).toEqual([own]);
  });

  it('takes JSON numbers where the list takes ids, kept as the address writes them', async () => {
    const saved = await call(staff, 'POST', 'views', {
      screen: 'reading-sheets',
      name: 'By numbers',
      query: { statuses: [2], genres: 3, perPage: 20, search: 'night' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.query).toEqual({ statuses: ['2'], genres: '3', perPage: '20', search: 'night' });
    const changed = await call(staff, 'PUT', `views/${saved.json().data.id}`, { query: { statuses: [2, 4] } });
    expect(changed.json().data.query).toEqual({ statuses: ['2', '4'] });
  });

  it('names every refused value by the filter as the screen shows it, never by an index', async () => {
    const refused = await call(staff, 'POST', 'views', {
      screen: 'reading-sheets',
      name: 'Refused values',
      query: { statuses: ['2', 'x'], genres: [true], publicationDate: 'spring', perPage: 2.5, direction: 'up', quality: '9', search: ['a', 'b'] },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'query.statuses': ['The “Status” filter takes whole numbers only.'],
      'query.genres': ['The “Genre(s)” filter takes a value, or a list of values.'],
      'query.publicationDate': ['The “Publication date” filter does not take “spring”.'],
      'query.perPage': ['The page size takes whole numbers only.'],
      'query.direction': ['The sort direction takes only asc or desc.'],
      'query.quality': ['The “Literary quality” filter takes numbers up to 4.'],
      'query.search': ['The search takes one value, not a list.'],
    });
    for (const messages of Object.values(refused.json().errors as Record<string, string[]>))
      expect(messages.join(' ')).not.toMatch(/\b\d+ must\b|must be a string|\.\d+\b/);
  });

  it('refuses what the list does not take, keyed by the part, in staff’s words', async () => {
    const refused = await call(staff, 'POST', 'views', {
      screen: 'reading-sheets',
      name: 'Odd',
      query: { colour: 'red', page: '3', perPage: 'many', statuses: ['x'] },
      columns: ['original_title', 'budget', 'original_title'],
    });
    expect(refused.statusCode).toBe(422);
    const errors = refused.json().errors;
    expect(errors['query.colour'][0]).toMatch(/^The colour parameter is not accepted by this list \(it accepts .*statuses.*\)\.$/);
    expect(errors['query.page']).toEqual(["A view keeps the list's search, filters, sort and page size, not the page it is at: leave page out."]);
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['query.perPage', 'query.statuses']));
    expect(errors.columns).toEqual([
      'The column budget is not one this list shows or offers with its Columns button.',
      'The column original_title is listed twice.',
    ]);
    // A view keeps the columns the screen offers (list.columnChoices), never a field of the rows it does not offer.
    const offered = await call(staff, 'POST', 'views', {
      screen: 'reading-sheets',
      name: 'Ratings',
      query: {},
      columns: ['original_title', 'original_country', 'plot_rating:stars', 'cover_url'],
    });
    expect(offered.statusCode).toBe(422);
    expect(offered.json().errors).toEqual({ columns: ['The column cover_url is not one this list shows or offers with its Columns button.'] });

    const unknownList = await call(staff, 'POST', 'views', { screen: 'nowhere', name: 'X', query: {} });
    expect(unknownList.statusCode).toBe(422);
    expect(unknownList.json().errors).toEqual({ screen: ['The screen nowhere has no list to keep views of.'] });
    expect((await call(staff, 'GET', 'views?screen=nowhere')).statusCode).toBe(422);

    await call(staff, 'POST', 'views', { screen: 'genres', name: 'Thrillers', query: {} });
    const taken = await call(staff, 'POST', 'views', { screen: 'genres', name: 'thrillers', query: {} });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['You already have a view named “thrillers” on this list.'] });
    // A colleague may use the same name: names are each person's.
    expect((await call(colleague, 'POST', 'views', { screen: 'genres', name: 'Thrillers', query: {} })).statusCode).toBe(200);

    const missing = await call(staff, 'POST', 'views', { screen: 'genres', query: {} });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['name']);
    expect((await call(staff, 'PUT', 'views/999999', { name: 'Nothing' })).statusCode).toBe(404);
    // An id is digits: no number in other spellings, none past the ids' range.
    expect((await call(staff, 'PUT', 'views/1e309', { name: 'Nothing' })).statusCode).toBe(422);
    expect((await call(staff, 'DELETE', 'views/9999999999')).statusCode).toBe(404);
  });

  it('opens a view whose filter the screen no longer has without it, and says so', async () => {
    // The requests' list shows its status and type filters; a view keeps both, and a request type column.
    const saved = await call(staff, 'POST', 'views', {
      screen: 'demands',
      name: 'Open demos',
      query: { status: ['1'], type: ['2'], name: 'anna' },
      columns: ['id', 'user:userEmail', 'demand_type'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.dropped).toEqual([]);

    // Staff publish the requests' screen without its type filter and its e-mail column.
    const definition = structuredClone(loadScreenFiles().get('demands')!) as { list: { filters: { param: string }[]; columns: { cell?: string }[] } };
    definition.list.filters = definition.list.filters.filter((filter) => filter.param !== 'type');
    definition.list.columns = definition.list.columns.filter((column) => column.cell !== 'userEmail');
    expect((await call(staff, 'PUT', 'screens/demands/draft', { definition })).statusCode).toBe(200);
    const published = await call(staff, 'POST', 'screens/demands/publish', { comment: 'No type filter', baseVersion: 0 });
    expect(published.statusCode).toBe(200);

    const [view] = await viewsOf(staff, 'demands');
    expect(view!.query).toEqual({ status: ['1'], name: 'anna' });
    expect(view!.columns).toEqual(['id', 'demand_type']);
    expect(view!.dropped).toEqual([
      { kind: 'filter', name: 'type', message: 'The view’s “Request type” filter is no longer on this list: the view opens without it.' },
      { kind: 'column', name: 'user:userEmail', message: 'The column “E-mail” is no longer in this list: the view shows the others.' },
    ]);
    // Saved again as it opens, it keeps only what the list takes; the old filter is refused.
    expect((await call(staff, 'PUT', `views/${view!.id}`, { query: { status: ['1'], type: ['2'] } })).statusCode).toBe(422);
  });
});
