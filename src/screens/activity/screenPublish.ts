import type { RevisionAnswer } from '../../../common/historyAnswers';

/** What a screen's publish revision names (docs/record-history.md, 'Screen publishes'): the screen, its version before and after, the comment. */
export interface ScreenPublish {
  screen: string;
  version: number;
  baseVersion: number | undefined;
  comment: string | undefined;
}

const to = (row: RevisionAnswer, field: string): unknown => {
  const change = row.changes[field];
  return change && 'to' in change ? change.to : undefined;
};

/** The publish a `screens` revision records, or undefined when it names no screen. */
export function screenPublishOf(row: RevisionAnswer): ScreenPublish | undefined {
  const screen = to(row, 'screen');
  const version = to(row, 'version');
  if (typeof screen !== 'string' || typeof version !== 'number') return undefined;
  const change = row.changes.version;
  const from = change && 'from' in change ? change.from : undefined;
  const comment = to(row, 'comment');
  return { screen, version, baseVersion: typeof from === 'number' ? from : undefined, comment: typeof comment === 'string' ? comment : undefined };
}
