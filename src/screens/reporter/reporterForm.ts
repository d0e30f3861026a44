import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Locale } from '../../../common/locales';
import { REPORTER_TEXT_TYPES, type ReporterRecord, type ReporterText, type ReporterTextType } from '../../../common/reporters';
import type { FieldErrors } from '../../../common/validation';
import type { ApiRecord } from '../../engine/api/resourceApi';
import type { ScreenDefinition } from '../../../common/screenDefinition';

/**
 * The save body's schema, its UI schema and its fields, from the reporters screen in use
 * (schemas/reporters.screen.json `form`, or its published version): the form validates with it,
 * and so does the server.
 */
export function reporterFormParts(screen: ScreenDefinition): { schema: RJSFSchema; uiSchema: UiSchema; properties: string[] } {
  const schema = screen.form!.schema as RJSFSchema;
  return { schema, uiSchema: screen.form!.uiSchema as UiSchema, properties: Object.keys(schema.properties ?? {}) };
}

/** A block as the form edits it: id null until saved. */
type FormBlock = { id: number | null; text: string; textType: ReporterTextType };

/** The status of a new reporter (SPEC §4, §9). */
const NEW_REPORTER_STATUS_ID = 1;

/** Today in the browser's time zone, as yyyy-MM-dd. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The form of a new reporter (SPEC §4): today's date, status 1, no target, no block. */
export function newReporterForm(now = new Date()): Record<string, unknown> {
  return { title: '', date: today(now), reporterStatusId: NEW_REPORTER_STATUS_ID, reporterUserIds: [], reporterUserRoleIds: [], updatedTexts: [] };
}

/**
 * A reporter as the form edits it: its targets as ids, and its blocks of the language read as one
 * list (`updatedTexts`), category by category. What the server answers for display only
 * (names, timestamps) stays out, so that the form compares and sends only what staff edit.
 */
export function reporterToForm(record: ApiRecord): ApiRecord {
  const reporter = record as unknown as ReporterRecord;
  const texts = reporter.reporterTextsData;
  return {
    id: reporter.id,
    title: reporter.title ?? '',
    date: reporter.date ?? '',
    reporterStatusId: reporter.reporterStatusId,
    reporterUserIds: (reporter.reporterUsers ?? []).map((user) => user.id),
    reporterUserRoleIds: (reporter.reporterUserRoles ?? []).map((role) => role.id),
    updatedTexts: REPORTER_TEXT_TYPES.flatMap((type) => (texts?.[type] ?? []).map((text: ReporterText) => ({ id: text.id, text: text.text, textType: type }))),
  } as ApiRecord;
}

/**
 * The save body of SPEC §7 from the form and the reporter as loaded: the header as edited, the
 * blocks that are new (id null) or whose text changed (`updatedTexts`, in the form's order), and
 * the ids of the loaded blocks no longer in the form (`deletedTextIds`). Blocks left as they were
 * are not sent, so two staff writing different blocks both keep their work (docs/reporters.md).
 * `sentIndex` maps each sent block to its place in the form, for the server's errors.
 */
export function reporterSaveBody(data: Record<string, unknown>, initial: Readonly<Record<string, unknown>>, lang: Locale, id: string | undefined) {
  const blocks = ((data.updatedTexts ?? []) as FormBlock[]).map((block, index) => ({ block, index }));
  const loaded = new Map(((initial.updatedTexts ?? []) as FormBlock[]).flatMap((block) => (block.id === null ? [] : [[block.id, block.text] as const])));
  const changed = blocks.filter(({ block }) => block.id === null || !loaded.has(block.id) || loaded.get(block.id) !== block.text);
  const kept = new Set(blocks.flatMap(({ block }) => (block.id === null ? [] : [block.id])));
  const body = {
    ...(id !== undefined ? { id: Number(id) } : {}),
    title: data.title,
    date: data.date,
    reporterStatusId: data.reporterStatusId,
    reporterUserIds: data.reporterUserIds ?? [],
    reporterUserRoleIds: data.reporterUserRoleIds ?? [],
    lang,
    updatedTexts: changed.map(({ block }) => ({ id: block.id, text: block.text, textType: block.textType })),
    deletedTextIds: [...loaded.keys()].filter((blockId) => !kept.has(blockId)),
  };
  return { body, sentIndex: changed.map(({ index }) => index) };
}

/**
 * The server's errors on the form's keys: `updatedTexts.{i}.…` names the i-th block sent, which
 * is the `sentIndex[i]`-th of the form; an error on a deleted id (`deletedTextIds.{i}`) is shown
 * on the texts as a whole, since that block is no longer on screen.
 */
export function errorsOnForm(errors: FieldErrors, sentIndex: readonly number[]): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const sent = /^updatedTexts\.(\d+)\.(.+)$/.exec(key);
    const target = sent ? `updatedTexts.${sentIndex[Number(sent[1])] ?? sent[1]}.${sent[2]}` : key.startsWith('deletedTextIds.') ? 'updatedTexts' : key;
    mapped[target] = [...(mapped[target] ?? []), ...messages];
  }
  return mapped;
}
