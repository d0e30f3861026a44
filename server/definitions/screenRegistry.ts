import type { Messages } from '../../common/i18nResources.js';
import { labelNamespace } from '../../common/labelNamespace.js';
import { expandScreen } from '../../common/expandTranslations.js';
import { upgradeDefinition } from '../../common/upgradeDefinition.js';
import type { ScreenDefinition } from '../../common/screenDefinition.js';
import type { ScreensInUse } from '../../common/screensInUse.js';
import { validateScreens } from '../../common/validateScreens.js';
import type { Db } from '../db/client.js';
import { latestScreenVersions, screenVersionsStamp, type ScreenVersionRow } from '../db/repositories/screens/screenVersionRepository.js';
import { builtInMessages, publishLabels } from './englishLabels.js';
import { compileFormValidator, type FormValidator } from './formValidator.js';
import { fitVersion, unreadable, type ConflictingVersion, type DefinitionCheck, type ReleaseFit, type ScreenContent, type UnfitVersion } from './releaseFit.js';
import { runtimeValidatorsModule } from './validatorModule.js';

/** A resource's screen (`schemas/<resource>.screen.json`: list, filters, form) as it is in use: its version (0: the built-in file), as written and expanded, and its labels. */
export interface ScreenInUse {
  version: number;
  /** As staff write it and the file holds it (locales not expanded). */
  definition: Record<string, unknown>;
  /** The JSON Schema a save through this screen is validated with (none: the screen has no form). */
  formSchema: Record<string, unknown> | undefined;
  labels: Messages;
  /** The version row, none for the built-in file. */
  row?: ScreenVersionRow;
  /** The newest version does not fit the running code: the built-in file serves it (docs/screens-at-run-time.md, 'Releases'). */
  unfit?: UnfitVersion;
  /** A release changed what the newest version changed, differently: the built-in file serves it. */
  conflict?: ConflictingVersion;
  /** With `unfit` or `conflict`: the draft to repair it from. */
  repair?: ScreenContent;
  /** The version's changes re-applied onto the release's new file serve (the built-in file changed since the version was published). */
  rebased?: boolean;
  /** Locales expanded, checked: what the server and the engine use. */
  screen: ScreenDefinition;
}

/** A published version serves (neither a return to the built-in file nor a version the built-in file serves in place of). */
export function isCustomised(entry: ScreenInUse): boolean {
  return Boolean(entry.row?.definition) && !entry.unfit && !entry.conflict;
}

/**
 * The screen definitions in use on this instance: the built-in files, replaced by the newest
 * published version of each screen. `screens` is a live map (resource → expanded definition)
 * that the services read at each call, so a publish on any instance is used here from the next
 * request on: `sync` compares the highest version id (read with the session, else by one indexed
 * read) with the one last seen and reloads only when it moved.
 */
export interface ScreenRegistry {
  readonly screens: Map<string, ScreenDefinition>;
  builtIn(resource: string): ScreenInUse | undefined;
  /** Every screen's name (its resource's). */
  names(): string[];
  inUse(resource: string): ScreenInUse | undefined;
  /** Follows the published versions: reloads when the stamp moved (`known`: the stamp the request already read, else one read). */
  sync(db: Db, known?: number): Promise<void>;
  /** Changes with every publish (the highest version id seen; 0 while none). */
  stamp(): number;
  /** What the browser renders, as of `stamp()` (docs/screens-at-run-time.md, "The interface"). */
  inUseForClient(): ScreensInUse;
  /** The ES module of the in-use forms' validators, for the browser (built once per stamp). */
  validatorsModule(): string;
  /** The validator of a screen's form as in use (compiled once per version); undefined without a form. */
  formValidator(name: string): FormValidator | undefined;
}

/**
 * The browser's validators module of these schemas. A version in use has passed the check, which
 * builds and loads its module (server/definitions/loadValidatorsModule.ts), so this builds; should
 * one schema still fail, the module is built without it (its form then says it has no validator)
 * rather than failing every form page with a 500.
 */
function servableModule(schemas: readonly Record<string, unknown>[]): string {
  try {
    return runtimeValidatorsModule(schemas);
  } catch {
    return runtimeValidatorsModule(
      schemas.filter((schema) => {
        try {
          runtimeValidatorsModule([schema]);
          return true;
        } catch {
          return false;
        }
      }),
    );
  }
}

/** Expands and checks a definition against the meta-schema; throws with every problem. */
export function expandDefinition(definition: Record<string, unknown>): ScreenDefinition {
  const [screen] = validateScreens({ [`schemas/${String(definition.resource)}.screen.json`]: expandScreen(upgradeDefinition(definition)) });
  return screen!;
}

/** A stored definition of the screen of `like`, read as in use; throws when it is not one (written by an older product). */
export function readDefinition(like: ScreenInUse, definition: Record<string, unknown>): ScreenInUse {
  const screen = expandDefinition(definition);
  return { ...like, definition, screen, formSchema: screen.form?.schema as Record<string, unknown> | undefined };
}

/**
 * The registry of this instance: `files` are the screens' built-in definitions as written (by
 * resource), `screens` their expanded, checked form (the live map the services read). `check` gives the complete
 * check of a definition among the screens of this registry (the screen service's, as a publish
 * runs it): each published version is checked with it when read; without it, only the meta-schema.
 */
export function createScreenRegistry(
  files: ReadonlyMap<string, Record<string, unknown>>,
  screens: Map<string, ScreenDefinition>,
  options: { check?: (registry: ScreenRegistry) => DefinitionCheck } = {},
): ScreenRegistry {
  const builtIns = new Map<string, ScreenInUse>();
  for (const [resource, definition] of files) {
    const screen = screens.get(resource);
    if (screen)
      builtIns.set(resource, {
        version: 0,
        definition,
        screen,
        formSchema: screen.form?.schema as Record<string, unknown> | undefined,
        labels: builtInMessages(labelNamespace(definition)),
      });
  }
  const namespaceOf = (entry: ScreenInUse) => labelNamespace(entry.definition);
  const inUse = new Map(builtIns);
  const validators = new Map<string, { entry: ScreenInUse; validate: FormValidator | undefined }>();
  let seen = 0;
  let syncing: Promise<void> | undefined;
  let forClient: { stamp: number; value: ScreensInUse; module?: string } | undefined;

  /**
   * What serves for a screen's newest version with a definition: the version, or its changes
   * re-applied onto a new built-in file, when it fits the running code completely; else the
   * built-in file, with why (`unfit`, `conflict`) and the draft to repair it from. Never throws.
   */
  async function fitted(name: string, builtIn: ScreenInUse, row: ScreenVersionRow): Promise<ScreenInUse> {
    let fit: ReleaseFit;
    try {
      fit = await fitVersion(name, { definition: builtIn.definition, labels: builtIn.labels }, row, check);
    } catch (error) {
      fit = unreadable(row.version, row.definition, row.labels, builtIn.labels, error);
    }
    if (fit.use) {
      try {
        return { ...readDefinition(builtIn, fit.use.definition), version: row.version, labels: fit.use.labels, row, rebased: fit.use.rebased };
      } catch (error) {
        // Not readable as in use (the meta-schema; only without the complete check).
        fit = unreadable(row.version, fit.use.definition, fit.use.labels, builtIn.labels, error);
      }
    }
    return { ...builtIn, version: row.version, row, unfit: fit.unfit, conflict: fit.conflict, repair: fit.repair };
  }

  async function reload(db: Db): Promise<void> {
    const stamp = await screenVersionsStamp(db);
    if (stamp === seen) return;
    const rows = await latestScreenVersions(db);
    const published = new Map(rows.map((row) => [row.screen, row]));
    for (const [resource, builtIn] of builtIns) {
      const row = published.get(resource);
      // A version that no longer fits the running code (a release changed what it relies on, or it
      // was written by an older product) stays unused rather than stopping the screen: the
      // built-in file serves meanwhile, and the studio says why.
      // A version is fitted once: the running code does not change, and the other screens it may
      // name (a screen list, an option source) are the code's.
      const known = inUse.get(resource);
      const next: ScreenInUse =
        row && known?.row?.version === row.version && known.row.definition !== undefined
          ? known
          : row?.definition
            ? await fitted(resource, builtIn, row)
            : row
              ? { ...builtIn, version: row.version, row }
              : builtIn;
      inUse.set(resource, next);
      screens.set(resource, next.screen);
      publishLabels(namespaceOf(builtIn), isCustomised(next) && row?.labels ? next.labels : undefined);
    }
    seen = stamp;
  }

  function inUseForClient(): ScreensInUse {
    if (forClient?.stamp === seen) return forClient.value;
    const entries = [...inUse.values()];
    const definitions = entries.map((entry) => entry.screen).sort((a, b) => a.resource.localeCompare(b.resource));
    const labels = Object.fromEntries(entries.filter((entry) => entry.row?.labels).map((entry) => [namespaceOf(entry), entry.labels]));
    const versions = Object.fromEntries([...inUse.entries()].map(([resource, entry]) => [resource, entry.version]));
    forClient = { stamp: seen, value: { stamp: seen, definitions, versions, labels, validators: `/api/admin/screens/validators/${seen}.js` } };
    return forClient.value;
  }

  const registry: ScreenRegistry = {
    screens,
    builtIn: (resource) => builtIns.get(resource),
    names: () => [...builtIns.keys()].sort(),
    inUse: (resource) => inUse.get(resource),
    stamp: () => seen,
    inUseForClient,
    validatorsModule() {
      const current = inUseForClient();
      forClient!.module ??= servableModule(current.definitions.flatMap((screen) => (screen.form ? [screen.form.schema] : [])));
      return forClient!.module;
    },
    formValidator(name) {
      const entry = inUse.get(name);
      if (!entry) return undefined;
      const known = validators.get(name);
      if (known?.entry === entry) return known.validate;
      const validate = entry.formSchema ? compileFormValidator(entry.formSchema) : undefined;
      validators.set(name, { entry, validate });
      return validate;
    },
    sync(db, known) {
      if (known === seen && !syncing) return Promise.resolve();
      // Requests arriving together share one read.
      syncing ??= reload(db).finally(() => {
        syncing = undefined;
      });
      return syncing;
    },
  };
  // Read by `fitted` from the first reload on, which comes after this.
  const check: DefinitionCheck | undefined = options.check?.(registry);
  return registry;
}
