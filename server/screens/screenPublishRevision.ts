import type { NewRevision } from '../db/repositories/engine/historyRepository.js';
import type { ScreenVersionRow } from '../db/repositories/screens/screenVersionRepository.js';
import { SCREENS_RESOURCE } from '../engine/history/historyService.js';

/**
 * A publish, rollback or return to the built-in file, as the records' history lists it: the
 * screen's versions are their own history (the studio's), so its revision links to the version
 * (record id: the version row; changes: the screen, its version before and after, the comment).
 */
export function screenPublishRevision(row: ScreenVersionRow): NewRevision {
  return {
    resource: SCREENS_RESOURCE,
    recordId: row.id,
    action: 'create',
    administratorId: row.authorId,
    label: `${row.screen} v${row.version}`,
    changes: {
      screen: { from: null, to: row.screen },
      version: { from: row.baseVersion, to: row.version },
      ...(row.comment ? { comment: { from: null, to: row.comment } } : {}),
    },
    screenVersion: null,
  };
}
