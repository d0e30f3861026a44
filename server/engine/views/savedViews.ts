import type { Db } from '../../db/client.js';
import {
  authorHasViewNamed,
  deleteView,
  findView,
  insertView,
  listVisibleViews,
  setDefaultView,
  updateView,
  type SavedViewRead,
} from '../../db/repositories/engine/savedViewRepository.js';
import { forbidden, HttpError, unprocessable } from '../../http/errors.js';
import type { FieldErrors } from '../../../common/validation.js';
import { listContracts } from '../listContracts.js';
import type { ScreenRegistry } from '../../definitions/screenRegistry.js';
import type { ScreenDefinition } from '../../../common/screenDefinition.js';
import type { NewViewBody, ViewAnswer, ViewChangeBody } from '../../../common/viewAnswers.js';
import { keptQuery, openableView, viewColumnProblems, viewQueryProblems, viewTarget, type ViewQuery, type ViewTarget } from './viewQuery.js';

/** Who asks: the administrator of the session. */
export interface ViewReader {
  id: number;
}

/** The body of `POST admin/views` once its schema has checked it. */
export type NewView = NewViewBody;

/** The body of `PUT admin/views/{id}`: the parts that change. */
export type ViewChange = ViewChangeBody;

export const VIEW_MESSAGES = {
  notFound: 'View not found',
  notAuthor: (author: string) => `Only ${author}, who saved this view, can change or delete it.`,
  noList: (screen: string) => `The screen ${screen} has no list to keep views of.`,
  nameTaken: (name: string) => `You already have a view named “${name}” on this list.`,
  notOpenable: (id: number) => `The view ${id} is not one of this list's views that you can open.`,
  saved: 'View saved.',
  deleted: 'View deleted.',
  defaultSet: 'Default view set.',
  defaultCleared: 'The list opens with no view by default.',
} as const;

/**
 * Saved views of the lists (docs/saved-views.md): each administrator's own views and the shared
 * ones, checked against what the list takes when saved (422) and when read (a part the list no
 * longer takes is left out and said, never a failure); only a view's author changes or deletes it;
 * each person's default view per list. What a list takes is its route's declaration and its
 * screen as published (`registry`, the version in use).
 */
export function createSavedViewService(db: Db, registry: Pick<ScreenRegistry, 'screens' | 'builtIn'>) {
  function targetOf(screen: string): ViewTarget {
    const contract = listContracts().get(screen);
    if (!contract) throw unprocessable({ screen: [VIEW_MESSAGES.noList(screen)] });
    return viewTarget(contract, registry.screens.get(screen), builtInScreen(screen));
  }

  function builtInScreen(screen: string): ScreenDefinition | undefined {
    return registry.builtIn(screen)?.screen;
  }

  /** The query and columns of a save, checked against the list: 422 keyed `query.<param>` and `columns`. */
  function checkedContent(
    target: ViewTarget,
    query: Record<string, unknown> | undefined,
    columns: string[] | undefined,
  ): { query?: ViewQuery; columns?: string[] } {
    const errors: FieldErrors = {};
    let kept: ViewQuery | undefined;
    if (query !== undefined) {
      const checked = structuredClone(query);
      for (const [param, messages] of Object.entries(viewQueryProblems(target, checked))) errors[`query.${param}`] = messages;
      kept = keptQuery(checked);
    }
    const columnProblems = columns ? viewColumnProblems(target, columns) : [];
    if (columnProblems.length) errors.columns = columnProblems;
    if (Object.keys(errors).length) throw unprocessable(errors);
    return { ...(kept ? { query: kept } : {}), ...(columns ? { columns } : {}) };
  }

  function answerOf(view: SavedViewRead, reader: ViewReader): ViewAnswer {
    const contract = listContracts().get(view.screen);
    const openable = contract
      ? openableView(viewTarget(contract, registry.screens.get(view.screen), builtInScreen(view.screen)), view.query, view.columns)
      : { query: {}, columns: [], dropped: [] };
    return {
      id: view.id,
      screen: view.screen,
      name: view.name,
      query: openable.query,
      columns: openable.columns,
      shared: view.shared,
      author: { id: view.authorId, name: view.authorName },
      mine: view.authorId === reader.id,
      is_default: view.isDefault,
      dropped: openable.dropped,
      updated_at: view.updatedAt.toISOString(),
    };
  }

  /** A view the reader may open (404 otherwise: another's private view is not theirs to know of). */
  async function visible(id: number, reader: ViewReader): Promise<SavedViewRead> {
    const view = await findView(db, id, reader.id);
    if (!view || (!view.shared && view.authorId !== reader.id)) throw new HttpError(404, VIEW_MESSAGES.notFound);
    return view;
  }

  /** A view the reader saved (403 for a colleague's shared view). */
  async function own(id: number, reader: ViewReader): Promise<SavedViewRead> {
    const view = await visible(id, reader);
    if (view.authorId !== reader.id) throw forbidden(VIEW_MESSAGES.notAuthor(view.authorName));
    return view;
  }

  return {
    async list(screen: string, reader: ViewReader): Promise<ViewAnswer[]> {
      targetOf(screen);
      return (await listVisibleViews(db, screen, reader.id)).map((view) => answerOf(view, reader));
    },

    async create(body: NewView, reader: ViewReader): Promise<{ message: string; data: ViewAnswer }> {
      const content = checkedContent(targetOf(body.screen), body.query, body.columns ?? []);
      if (await authorHasViewNamed(db, body.screen, reader.id, body.name)) throw unprocessable({ name: [VIEW_MESSAGES.nameTaken(body.name)] });
      const row = await insertView(db, {
        screen: body.screen,
        name: body.name,
        query: content.query ?? {},
        columns: content.columns ?? [],
        shared: body.shared ?? false,
        authorId: reader.id,
      });
      return { message: VIEW_MESSAGES.saved, data: answerOf((await findView(db, row.id, reader.id))!, reader) };
    },

    async update(id: number, change: ViewChange, reader: ViewReader): Promise<{ message: string; data: ViewAnswer }> {
      const view = await own(id, reader);
      const content = checkedContent(targetOf(view.screen), change.query, change.columns);
      if (change.name !== undefined && (await authorHasViewNamed(db, view.screen, reader.id, change.name, id)))
        throw unprocessable({ name: [VIEW_MESSAGES.nameTaken(change.name)] });
      await updateView(db, id, {
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...content,
        ...(change.shared !== undefined ? { shared: change.shared } : {}),
      });
      return { message: VIEW_MESSAGES.saved, data: answerOf((await findView(db, id, reader.id))!, reader) };
    },

    async remove(id: number, reader: ViewReader): Promise<{ message: string }> {
      await own(id, reader);
      await deleteView(db, id);
      return { message: VIEW_MESSAGES.deleted };
    },

    async setDefault(body: { screen: string; viewId: number | null }, reader: ViewReader): Promise<{ message: string }> {
      targetOf(body.screen);
      if (body.viewId !== null) {
        const view = await findView(db, body.viewId, reader.id);
        if (!view || view.screen !== body.screen || (!view.shared && view.authorId !== reader.id))
          throw unprocessable({ viewId: [VIEW_MESSAGES.notOpenable(body.viewId)] });
      }
      await setDefaultView(db, reader.id, body.screen, body.viewId);
      return { message: body.viewId === null ? VIEW_MESSAGES.defaultCleared : VIEW_MESSAGES.defaultSet };
    },
  };
}
