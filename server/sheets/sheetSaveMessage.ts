import { RESOURCE_MESSAGES } from '../engine/resourceService.js';
import type { AfterCommitResult, SheetSavedEvent } from './sheetSaveEvents.js';

export const SHEET_MESSAGES = {
  created: RESOURCE_MESSAGES.created,
  updated: RESOURCE_MESSAGES.updated,
  fileDeleted: 'File deleted successfully',
  manuscriptDeleted: 'Manuscript deleted successfully',
  noFollower: 'Saved; no one follows this reading sheet, so no one was notified.',
  notifyFailed: 'Saved, but the subscribers could not be notified: save with notification again to notify them.',
} as const;

/**
 * The answer's message (the editor's success toast, SPEC §8). A plain save says it was added or
 * updated; a save with notification says whom it notified: 'Saved; 12 subscribers will be
 * notified.' (1 subscriber), that no one follows the sheet, that the e-mails wait until this
 * server sends e-mail, or that the notification failed.
 */
export function saveMessage(event: Pick<SheetSavedEvent, 'created' | 'withNotification'>, after: AfterCommitResult): string {
  const plain = event.created ? SHEET_MESSAGES.created : SHEET_MESSAGES.updated;
  if (!event.withNotification) return plain;
  if (after.failed) return SHEET_MESSAGES.notifyFailed;
  if (!after.outcome) return plain;
  const { notified, mailConfigured } = after.outcome;
  if (notified === 0) return SHEET_MESSAGES.noFollower;
  const who = `${notified} ${notified === 1 ? 'subscriber' : 'subscribers'}`;
  return mailConfigured
    ? `Saved; ${who} will be notified.`
    : `Saved; ${who} will be notified once e-mail sending is set up on this server (ask your administrator or technical team).`;
}
