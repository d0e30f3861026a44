import { ACTION_WORDS, allows, type EffectivePermissions, type ScreenAction } from '../../common/permissions.js';
import { HttpError } from '../http/errors.js';

/** 403 with what is missing, in words ('Your roles do not grant Delete on Genres.'). */
export function missingGrant(missing: string): HttpError {
  return new HttpError(403, `Your roles do not grant ${missing}.`);
}

/** Throws the 403 of an action these permissions do not allow on a screen (its resource's name), named by `titleOf`. */
export function demandScreen(permissions: EffectivePermissions, screen: string, action: ScreenAction, titleOf: (screen: string) => string): void {
  if (!allows(permissions, screen, action)) throw missingGrant(`${ACTION_WORDS[action]} on ${titleOf(screen)}`);
}
