import type { DraftContent, ScreenCatalog, ScreenProblem } from '../studioCalls';

/** What every structured pane of the studio edits with. */
export interface PaneProps {
  draft: DraftContent;
  catalog: ScreenCatalog;
  /** The screen's own texts' namespace (`screens.genres`). */
  namespace: string;
  /** The server's check of the draft, by JSON path. */
  problems: readonly { path: string; message: string }[] | ScreenProblem[];
  update(next: Partial<DraftContent>): void;
}
