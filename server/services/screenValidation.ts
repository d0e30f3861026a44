import type { Db } from '../db/client.js';
import { findScreenDraft } from '../db/repositories/screenVersionRepository.js';
import { compileFormValidator } from '../definitions/formValidator.js';
import { readDefinition, type ScreenRegistry } from '../definitions/screenRegistry.js';
import { HttpError, notFound, unprocessable } from '../http/errors.js';
import { normalizeJsonForm } from '../http/multipartForm.js';
import { RESOURCES } from '../resources/index.js';
import { READING_SHEET_SCHEMA, validateSheetInput } from './bookSaveInput.js';
import { validatedBody } from './resourceService.js';
import { problemErrors, SCREEN_MESSAGES, type ScreenService } from './screenService.js';

/** The answer of a record the draft's form accepts. */
export const VALID_RECORD = { message: 'valid', errors: {} } as const;

/**
 * The studio preview's save (`POST admin/screens/{name}/validate`): validates `record` with the
 * form of `definition` (a draft) exactly as a save through the screen would once it is published,
 * and writes nothing. The definition is checked first (422 with its problems at their paths, as a
 * publish); a record it refuses answers the save's 422 (`{ message, errors }`, fields named by
 * their labels). A resource's record goes through its save's body rules (resourceService
 * `validatedBody`: unknown fields, trimming, the form schema); a reading sheet through the sheet's
 * (a JSON save's normalisation, then `validateSheetInput` with the draft's schema).
 */
export async function validateWithDraft(
  { db, registry, screens }: { db: Db; registry: ScreenRegistry; screens: ScreenService },
  name: string,
  body: { definition?: unknown; record?: unknown; labels?: unknown },
): Promise<typeof VALID_RECORD> {
  const inUse = registry.inUse(name);
  if (!registry.builtIn(name) || !inUse) throw notFound('screen');
  if (!inUse.formSchema) throw new HttpError(422, SCREEN_MESSAGES.noForm);
  const resource = inUse.kind === 'screen' ? RESOURCES.find((definition) => definition.screen === name) : undefined;
  if (inUse.kind === 'screen' && !resource) throw notFound('screen');
  // Its labels as sent, else the draft's (a new field's title may be a new label), else those in use.
  const labels = body.labels ?? (await findScreenDraft(db, name))?.labels ?? inUse.labels;
  const problems = screens.check(name, { definition: body.definition, labels });
  if (problems.length) throw new HttpError(422, SCREEN_MESSAGES.notPublishable, problemErrors(problems));
  const next = readDefinition(inUse, body.definition as Record<string, unknown>);
  if (!next.formSchema) throw new HttpError(422, SCREEN_MESSAGES.noForm);
  const validate = compileFormValidator(next.formSchema);
  if (resource) {
    validatedBody(resource, validate, body.record);
  } else {
    const errors = validateSheetInput(normalizeJsonForm(body.record ?? {}, READING_SHEET_SCHEMA), validate);
    if (errors) throw unprocessable(errors);
  }
  return VALID_RECORD;
}
