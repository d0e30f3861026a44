import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScreenSummary } from './studioCalls';

/** Why the built-in file serves a screen in place of its newest version (`unfit`, `conflict`: docs/screens-at-run-time.md, 'Releases'). */
export type ReleaseFlags = Pick<ScreenSummary, 'unfit' | 'conflict'>;

/** The version a screen's flag is about, if it has one. */
export const flaggedVersion = (flags: ReleaseFlags): number | undefined => (flags.unfit ?? flags.conflict)?.version;

interface ReleaseNoticeProps {
  flags: ReleaseFlags;
  /** The screen's name in words, when the notice is among others' (the studio's list). */
  screen?: string;
  /** Lists each problem or conflict (the screen's page); else the reason alone. */
  detailed?: boolean;
  /** Whether the repair is on its way. */
  busy?: boolean;
  /** Opens the version (or its merge with the release's file) as the draft to repair. */
  onRepair(): void;
}

/**
 * A screen whose newest version the running release does not use: the reason in words (a version
 * that no longer fits, or changes both the version and the release made differently), what serves
 * meanwhile, and the button that opens the version as a draft to repair. A region named by its
 * heading, so that it is found among the page's landmarks; nothing is announced as it renders.
 */
export function ReleaseNotice({ flags, screen, detailed = false, busy = false, onRepair }: ReleaseNoticeProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const unfit = flags.unfit;
  const conflict = flags.conflict;
  const flag = unfit ?? conflict;
  if (!flag) return null;
  const title = unfit ? t('screens.studio.unfitTitle', { version: flag.version }) : t('screens.studio.conflictTitle', { version: flag.version });
  const items = unfit ? unfit.problems : (conflict?.conflicts ?? []);
  return (
    <Message
      severity="warn"
      className="studio-release"
      role="region"
      aria-live="off"
      aria-labelledby={headingId}
      content={
        <div className="studio-release-body">
          <strong id={headingId}>{screen ? `${screen}: ${title}` : title}</strong>
          <span>{flag.reason}</span>
          <span>{unfit ? t('screens.studio.unfitExplained') : t('screens.studio.conflictExplained', { version: flag.version })}</span>
          {detailed && items.length > 0 ? (
            <details className="studio-details">
              <summary>{unfit ? t('screens.studio.releaseProblems') : t('screens.studio.releaseConflicts')}</summary>
              <ul>
                {items.map((item) => (
                  <li key={`${item.path}:${item.message}`}>
                    <code>{item.path}</code> {item.message}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <div>
            <Button
              type="button"
              label={t('screens.studio.repair', { version: flag.version })}
              icon="pi pi-wrench"
              size="small"
              severity="warning"
              loading={busy}
              onClick={onRepair}
            />
          </div>
        </div>
      }
    />
  );
}
