import { searchNormal } from '../../common/locales.js';
import { isYouTubeUrl } from '../../common/youtube.js';
import { news, NEWS_TYPES } from '../db/schema/editorial.js';
import { unprocessable } from '../http/errors.js';
import { declaredStore } from '../engine/declaredStore.js';
import { richTextToPlain, sanitizeRichText } from '../engine/richText.js';
import type { CustomResourceDefinition } from '../engine/resourceTypes.js';

export const NEWS_MESSAGES = {
  imageRequired: 'The image field is required.',
  descriptionRequired: 'The description field is required.',
  linkRequired: 'The link field is required.',
  notYouTube: 'The link must be a YouTube video URL.',
} as const;

/** The sanitised description of a save, and its text (what the search finds). */
const descriptionOf = (fields: Record<string, unknown>) => sanitizeRichText((fields.description as string | undefined) ?? '');

/**
 * The rules of a news the schema cannot say: a description with text; an image news (type 1) has
 * an image (the new upload, else the stored one), a link news (type 0) a YouTube link. The record
 * keeps one of the two, so switching a news to a link drops its image (its file is removed once
 * the write committed), and the description is stored sanitised.
 */
function newsRules(_db: unknown, _id: unknown, fields: Record<string, unknown>) {
  const description = descriptionOf(fields);
  const type = fields.type as number;
  const link = typeof fields.link === 'string' ? fields.link : '';
  const image = type === NEWS_TYPES.image ? ((fields.image as string | null) ?? null) : null;
  const errors: Record<string, string[]> = {};
  if (!richTextToPlain(description)) errors.description = [NEWS_MESSAGES.descriptionRequired];
  if (type === NEWS_TYPES.youtube) {
    if (!link) errors.link = [NEWS_MESSAGES.linkRequired];
    else if (!isYouTubeUrl(link)) errors.link = [NEWS_MESSAGES.notYouTube];
  }
  if (type === NEWS_TYPES.image && !image) errors.image = [NEWS_MESSAGES.imageRequired];
  if (Object.keys(errors).length) throw unprocessable(errors);
  return { description, image, link: type === NEWS_TYPES.youtube ? link : null };
}

const fields = {
  id: { column: 'id' },
  title: { column: 'title' },
  description: { column: 'description' },
  type: { column: 'type' },
  image: { column: 'image', codec: 'file' },
  link: { column: 'link' },
} as const satisfies CustomResourceDefinition['fields'];

/**
 * News (SPEC §2 'News save screen', §3): a title, a sanitised HTML description, and either an
 * uploaded image (type 1) or a YouTube link (type 0), newest first. Saves arrive as multipart form
 * data with the image file (`image`, a file field of the declared store: its URL is answered).
 */
export const newsResource: CustomResourceDefinition = {
  api: 'news',
  label: 'News',
  screen: 'news',
  table: news,
  fields,
  filters: { name: { column: 'searchText', op: 'search' }, type: { column: 'type', op: 'in', many: true, minimum: 0 } },
  store: declaredStore({
    table: news,
    fields,
    order: [{ column: 'id', desc: true }],
    searchText: (body) => searchNormal(`${body.title as string} ${richTextToPlain(descriptionOf(body))}`),
    rules: { beforeSave: newsRules },
  }),
};
