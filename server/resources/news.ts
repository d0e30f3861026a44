import { searchNormal } from '../../common/locales.js';
import { isYouTubeUrl } from '../../common/youtube.js';
import { deleteNews, findNews, insertNews, listNews, updateNews, type NewsValues } from '../db/repositories/newsRepository.js';
import { news, NEWS_TYPES, type News } from '../db/schema/editorial.js';
import { unprocessable } from '../http/errors.js';
import { fileUrl } from '../storage/fileUrl.js';
import { richTextToPlain, sanitizeRichText } from './richText.js';
import { discardUploads } from '../uploads/receiveUploads.js';
import type { CustomResourceDefinition, StoreContext } from './types.js';

export const NEWS_MESSAGES = {
  imageRequired: 'The image field is required.',
  descriptionRequired: 'The description field is required.',
  linkRequired: 'The link field is required.',
  notYouTube: 'The link must be a YouTube video URL.',
} as const;

/** A news as the API sends it: `image` is the URL of the stored file (or null). */
export function newsToApi(row: News): Record<string, unknown> {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    image: row.image ? fileUrl(row.image) : null,
    link: row.link,
  };
}

const searchTextOf = (title: string, description: string) => searchNormal(`${title} ${richTextToPlain(description)}`);

/** Removes stored files, ignoring those already gone (a storage hiccup must not fail a committed write). */
async function removeFiles(context: StoreContext, keys: (string | null | undefined)[]): Promise<void> {
  await Promise.allSettled(keys.filter((key): key is string => Boolean(key)).map((key) => context.storage.remove(key)));
}

/**
 * News (SPEC §2 'News save screen', §3): a title, a sanitised HTML description, and either an
 * uploaded image (type 1) or a YouTube link (type 0). Saves arrive as multipart form data with the
 * image file; the record keeps one of the two, so switching a news to a link removes its image file.
 */
export const newsResource: CustomResourceDefinition = {
  api: 'news',
  label: 'News',
  screen: 'news',
  table: news,
  fields: {
    id: { column: 'id' },
    title: { column: 'title' },
    description: { column: 'description' },
    type: { column: 'type' },
    image: { column: 'image', writable: false },
    link: { column: 'link' },
  },
  filters: { name: { column: 'searchText', op: 'search' }, type: { column: 'type', op: 'in', many: true, minimum: 0 } },
  store: {
    async list(db, query) {
      const { rows, total } = await listNews(db, { where: query.where, paging: query });
      return { rows: rows.map(newsToApi), total };
    },
    async find(db, id) {
      const row = await findNews(db, id);
      return row && newsToApi(row);
    },
    async save(tx, id, body, files, context) {
      const existing = id === undefined ? undefined : await findNews(tx, id);
      const upload = files.find((file) => file.field === 'image');
      const title = body.title as string;
      const description = sanitizeRichText((body.description as string | undefined) ?? '');
      const type = body.type as number;
      const link = typeof body.link === 'string' ? body.link : '';
      const errors: Record<string, string[]> = {};
      if (!richTextToPlain(description)) errors.description = [NEWS_MESSAGES.descriptionRequired];
      if (type === NEWS_TYPES.youtube) {
        if (!link) errors.link = [NEWS_MESSAGES.linkRequired];
        else if (!isYouTubeUrl(link)) errors.link = [NEWS_MESSAGES.notYouTube];
      }
      const image = type === NEWS_TYPES.image ? (upload?.key ?? existing?.image ?? null) : null;
      if (type === NEWS_TYPES.image && !image) errors.image = [NEWS_MESSAGES.imageRequired];
      if (Object.keys(errors).length) throw unprocessable(errors);

      const values: NewsValues = {
        title,
        description,
        type,
        image,
        link: type === NEWS_TYPES.youtube ? link : null,
        searchText: searchTextOf(title, description),
      };
      const kept = upload && upload.key === image ? upload : undefined;
      const row = id === undefined ? await insertNews(tx, values) : await updateNews(tx, id, values);
      // Deleted meanwhile: the route removes the upload.
      if (!row) throw unprocessable({ id: ['This news no longer exists.'] });
      if (kept) await context.keepUploads(tx, [kept.key]);
      // Once committed: the replaced image, and an upload a link-type news did not keep.
      context.afterCommit(() => removeFiles(context, [existing?.image !== image ? existing?.image : undefined]));
      if (upload && !kept) context.afterCommit(() => discardUploads(context, [upload]));
      return newsToApi(row);
    },
    async remove(tx, id, context) {
      const row = await deleteNews(tx, id);
      if (!row) return false;
      context.afterCommit(() => removeFiles(context, [row.image]));
      return true;
    },
    async clearFile(tx, id, _field, context) {
      const before = await findNews(tx, id);
      if (!before) return undefined;
      const row = await updateNews(tx, id, { image: null });
      if (!row) return undefined;
      context.afterCommit(() => removeFiles(context, [before.image]));
      return newsToApi(row);
    },
  },
};
