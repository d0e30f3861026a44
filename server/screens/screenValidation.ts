import type { Db } from '../db/client.js';
import { findScreenDraft } from '../db/repositories/screens/screenVersionRepository.js';
import { compileFormValidator } from '../definitions/formValidator.js';
import { readDefinition, type ScreenRegistry } from '../definitions/screenRegistry.js';
import { HttpError, notFound, unprocessable } from '../http/errors.js';
import type { ResourceService } from '../engine/resourceService.js';
import { problemErrors, SCREEN_MESSAGES, type ScreenService } from './screenService.js';

/** The service whose saves the preview runs, dry (server/engine/recordWrites.ts `dryRun`): the one a screen's form validates the saves of. */
export interface PreviewSaves {
  forScreen(name: string): ResourceService | undefined;
}

/** The record's id when it has one (an update is previewed), else undefined (a create). */
function recordId(record: unknown): string | undefined {
  const id = record && typeof record === 'object' ? (record as { id?: unknown }).id : undefined;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? String(id) : undefined;
}

/** The answer of a record the draft's form accepts. */
export const VALID_RECORD = { message: 'valid', errors: {} } as const;

/**
 * The studio preview's save (`POST admin/screens/{name}/validate`): validates `record` with the
 * form of `definition` (a draft) exactly as a save through the screen would once it is published,
 * and keeps nothing: the save runs through the one write path as a dry run (every rule and database
 * check, then a rollback), an update when the record has an id, else a create. The definition is
 * checked first (422 with its problems at their paths, as a publish); a record it refuses answers
 * the save's 422 (`{ message, errors }`, fields named by their labels), or its 404/409.
 */
export async function validateWithDraft(
  { db, registry, screens, saves }: { db: Db; registry: ScreenRegistry; screens: ScreenService; saves: PreviewSaves },
  name: string,
  body: { definition?: unknown; record?: unknown; labels?: unknown },
): Promise<typeof VALID_RECORD> {
  const inUse = registry.inUse(name);
  if (!registry.builtIn(name) || !inUse) throw notFound('screen');
  if (!inUse.formSchema) throw new HttpError(422, SCREEN_MESSAGES.noForm);
  const service = saves.forScreen(name);
  if (!service) throw notFound('screen');
  // Its labels as sent, else the draft's (a new field's title may be a new label), else those in use.
  const labels = body.labels ?? (await findScreenDraft(db, name))?.labels ?? inUse.labels;
  const problems = screens.check(name, { definition: body.definition, labels });
  if (problems.length) throw new HttpError(422, SCREEN_MESSAGES.notPublishable, problemErrors(problems));
  const next = readDefinition(inUse, body.definition as Record<string, unknown>);
  if (!next.formSchema) throw new HttpError(422, SCREEN_MESSAGES.noForm);
  const validate = compileFormValidator(next.formSchema);
  const id = recordId(body.record);
  // A screen that cannot create (subscribers are created on the front site) previews a new record's form rules only.
  if (id === undefined && !service.permissions.create) {
    const errors = service.check(body.record, validate);
    if (errors) throw unprocessable(errors);
  } else {
    await service.save(id, body.record, [], { validate, dryRun: true });
  }
  return VALID_RECORD;
}
