import type { Messages } from '../../common/i18nResources.js';
import { expandScreen } from '../../common/expandTranslations.js';
import { upgradeDefinition } from '../../common/upgradeDefinition.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import type { ScreensInUse } from '../../common/screensInUse.js';
import { validateScreens } from '../../common/validateScreens.js';
import type { Db } from '../db/client.js';
import { latestScreenVersions, screenVersionsStamp, type ScreenVersionRow } from '../db/repositories/screenVersionRepository.js';
import { builtInMessages, publishLabels } from './englishLabels.js';
import { runtimeValidatorsModule } from './validatorModule.js';

/** A screen's definition as it is in use: its version (0: the built-in file), as written and expanded, and its labels. */
export interface ScreenInUse {
  version: number;
  /** As staff write it and the file holds it (locales not expanded). */
  definition: Record<string, unknown>;
  /** Locales expanded, checked: what the server and the engine use. */
  screen: ScreenDefinition;
  labels: Messages;
  /** The version row, none for the built-in file. */
  row?: ScreenVersionRow;
}

/**
 * The screen definitions in use on this instance: the built-in files, replaced by the newest
 * published version of each screen. `screens` is a live map (resource → expanded definition)
 * that the services read at each call, so a publish on any instance is used here from the next
 * request on: `sync` compares the highest version id with the one last seen (one indexed read)
 * and reloads only when it moved.
 */
export interface ScreenRegistry {
  readonly screens: Map<string, ScreenDefinition>;
  builtIn(resource: string): ScreenInUse | undefined;
  inUse(resource: string): ScreenInUse | undefined;
  sync(db: Db): Promise<void>;
  /** Changes with every publish (the highest version id seen; 0 while none). */
  stamp(): number;
  /** What the browser renders, as of `stamp()` (docs/screens-at-run-time.md, "The interface"). */
  inUseForClient(): ScreensInUse;
  /** The ES module of the in-use forms' validators, for the browser (built once per stamp). */
  validatorsModule(): string;
}


/** The i18n namespace of a screen's own texts, from its title key (`screens.requests.title` → `screens.requests`). */
export function labelNamespace(definition: { title?: unknown; resource?: unknown }): string {
  const title = typeof definition.title === 'string' ? definition.title : '';
  return title.split('.').length > 2 ? title.split('.').slice(0, 2).join('.') : `screens.${String(definition.resource)}`;
}

/** Expands and checks a definition against the meta-schema; throws with every problem. */
export function expandDefinition(definition: Record<string, unknown>): ScreenDefinition {
  const [screen] = validateScreens({ [`schemas/${String(definition.resource)}.screen.json`]: expandScreen(upgradeDefinition(definition)) });
  return screen!;
}

export function createScreenRegistry(files: ReadonlyMap<string, Record<string, unknown>>, screens: Map<string, ScreenDefinition>): ScreenRegistry {
  const builtIns = new Map<string, ScreenInUse>();
  for (const [resource, definition] of files) {
    const screen = screens.get(resource);
    if (screen) builtIns.set(resource, { version: 0, definition, screen, labels: builtInMessages(labelNamespace(definition)) });
  }
  const inUse = new Map(builtIns);
  let seen = 0;
  let syncing: Promise<void> | undefined;
  let forClient: { stamp: number; value: ScreensInUse; module?: string } | undefined;

  async function reload(db: Db): Promise<void> {
    const stamp = await screenVersionsStamp(db);
    if (stamp === seen) return;
    const rows = await latestScreenVersions(db);
    const published = new Map(rows.map((row) => [row.screen, row]));
    for (const [resource, builtIn] of builtIns) {
      const row = published.get(resource);
      let next: ScreenInUse = builtIn;
      if (row?.definition) {
        // A version that no longer passes the meta-schema (written by an older product) stays
        // unused rather than stopping the screen: the built-in file serves meanwhile.
        try {
          next = { version: row.version, definition: row.definition as Record<string, unknown>, screen: expandDefinition(row.definition as Record<string, unknown>), labels: (row.labels ?? builtIn.labels) as Messages, row };
        } catch {
          next = { ...builtIn, version: row.version, row };
        }
      } else if (row) next = { ...builtIn, version: row.version, row };
      inUse.set(resource, next);
      screens.set(resource, next.screen);
      publishLabels(labelNamespace(builtIn.definition), next === builtIn || !row?.labels ? undefined : (row.labels as Messages));
    }
    seen = stamp;
  }

  function inUseForClient(): ScreensInUse {
    if (forClient?.stamp === seen) return forClient.value;
    const definitions = [...inUse.values()].map((entry) => entry.screen).sort((a, b) => a.resource.localeCompare(b.resource));
    const labels = Object.fromEntries([...inUse.values()].filter((entry) => entry.row?.labels).map((entry) => [labelNamespace(entry.definition), entry.labels]));
    const versions = Object.fromEntries([...inUse.entries()].map(([resource, entry]) => [resource, entry.version]));
    forClient = { stamp: seen, value: { stamp: seen, definitions, versions, labels, validators: `/api/admin/screens/validators/${seen}.js` } };
    return forClient.value;
  }

  return {
    screens,
    builtIn: (resource) => builtIns.get(resource),
    inUse: (resource) => inUse.get(resource),
    stamp: () => seen,
    inUseForClient,
    validatorsModule() {
      const current = inUseForClient();
      forClient!.module ??= runtimeValidatorsModule(current.definitions.flatMap((screen) => (screen.form ? [screen.form.schema] : [])));
      return forClient!.module;
    },
    sync(db) {
      // Requests arriving together share one read.
      syncing ??= reload(db).finally(() => {
        syncing = undefined;
      });
      return syncing;
    },
  };
}
