import { findScreenVersion } from '../db/repositories/screens/screenVersionRepository.js';
import type { Db } from '../db/client.js';
import { compileFormValidator, type FormValidator } from '../definitions/formValidator.js';
import { readDefinition, type ScreenRegistry } from '../definitions/screenRegistry.js';
import { HttpError } from '../http/errors.js';
import { trimStrings } from '../engine/resourceService.js';

/** The 422 of a save refused only because the screen changed while it was being edited. */
const screenChangedMessage = (message: string) => `This screen was changed while you were editing it: ${message}`;

/** Validators of earlier versions, by screen and version (a version never changes once published): the most recently used ones. */
const earlier = new Map<string, FormValidator | null>();
/** Earlier versions' validators kept: forms open across a publish or two, on any screen. */
const EARLIER_KEPT = 64;

async function validatorAt(db: Db, registry: ScreenRegistry, screen: string, version: number): Promise<FormValidator | null> {
  const key = `${screen}@${version}`;
  if (earlier.has(key)) {
    const known = earlier.get(key)!;
    // The most recently used last: the first is the one to drop.
    earlier.delete(key);
    earlier.set(key, known);
    return known;
  }
  const builtIn = registry.builtIn(screen);
  if (!builtIn) return null;
  const row = version === 0 ? undefined : await findScreenVersion(db, screen, version);
  const definition = version === 0 ? builtIn.definition : row ? ((row.definition as Record<string, unknown> | null) ?? builtIn.definition) : undefined;
  let validator: FormValidator | null;
  try {
    const schema = definition ? readDefinition(builtIn, definition).formSchema : undefined;
    validator = schema ? compileFormValidator(schema) : null;
  } catch {
    validator = null;
  }
  earlier.set(key, validator);
  if (earlier.size > EARLIER_KEPT) earlier.delete(earlier.keys().next().value!);
  return validator;
}

/**
 * A save's 422 as the user should read it: when the form was made with an earlier version of the
 * screen (`X-Screen-Version`), and that version would have accepted the same fields, the refusal
 * comes from the change, and its message says so; any other refusal is returned as it is.
 */
export async function explainScreenChange(
  db: Db,
  registry: ScreenRegistry,
  screen: string,
  sent: unknown,
  body: unknown,
  error: HttpError,
): Promise<HttpError> {
  const version = typeof sent === 'string' && /^\d{1,9}$/.test(sent) ? Number(sent) : undefined;
  const inUse = registry.inUse(screen);
  if (version === undefined || !inUse || version === inUse.version || !body || typeof body !== 'object' || Array.isArray(body)) return error;
  const validate = await validatorAt(db, registry, screen, version);
  if (!validate) return error;
  const fields = new Set(Object.keys((inUse.formSchema?.properties ?? {}) as object));
  const own = Object.fromEntries(Object.entries(trimStrings(body) as Record<string, unknown>).filter(([key]) => fields.has(key)));
  // The earlier version refuses it too, or the version in use accepts it (the refusal is a rule of the save's own).
  if (validate(own) || !registry.formValidator(screen)?.(own)) return error;
  return new HttpError(error.statusCode, screenChangedMessage(error.message), error.errors);
}
