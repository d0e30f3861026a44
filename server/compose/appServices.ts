import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { ScreenRegistry } from '../definitions/screenRegistry.js';
import { sheetNotificationHooks } from '../sheets/sheetNotification.js';
import type { CardPaymentProvider } from '../payments/CardPaymentProvider.js';
import { RESOURCES } from '../resources/index.js';
import { listContracts, type ListContract } from '../engine/listContracts.js';
import { namedStore } from '../engine/namedStore.js';
import { isCustom, type CustomResourceDefinition, type ResourceDefinition } from '../engine/resourceTypes.js';
import type { Storage } from '../storage/Storage.js';
import type { PendingUploads } from '../uploads/PendingUploads.js';
import { createSheetSaveService, type SheetSaveService } from '../sheets/sheetSaveService.js';
import { sheetResource, type SheetStoreOptions } from '../sheets/sheetStore.js';
import type { BulkRows } from '../engine/bulk/bulkActions.js';
import { resourceBulkRows } from '../engine/bulk/bulkRows.js';
import { fieldActions } from '../subscribers/userFieldActions.js';
import { createResourceService, type ServiceScreens } from '../engine/declaredService.js';
import { createHistoryService, declaredRestorer, type HistoryService, type Restorer } from '../engine/history/historyService.js';
import { resourceExportSource, type ExportSource } from '../engine/export/exportSource.js';
import type { RecordWrites } from '../engine/recordWrites.js';
import type { ResourceService } from '../engine/resourceService.js';
import type { ScreenService } from '../screens/screenService.js';
import { declaredHistory } from '../engine/history/recordHistory.js';
import type { IdTable } from '../db/repositories/engine/declaredRepository.js';
import { storeContext } from './storeContext.js';

/** How a list's rows are read for its export, from the validated query (without `format` and `columns`). */
type ExportSourceOf = (query: Record<string, unknown>) => Promise<ExportSource<object>>;

/** A list served with an export (`GET admin/{api}/export`) and bulk actions (`POST admin/{api}/bulk`). */
export interface ServedList {
  contract: ListContract;
  /** The rows of an export, in the list's order, from the list's own parameters. */
  exportSource: ExportSourceOf;
  /** How a bulk action reads, saves and deletes the list's rows: each through the record's own save or delete. */
  bulkRows: BulkRows;
}

/**
 * The services of one app, each built once when the app starts and handed to the routes
 * (`app.services`, server/plugins/services.ts): a route never builds a service, and no route
 * imports another to reach one.
 */
export interface AppServices {
  /** Every resource's service, by its API name (`genres`, `users`, `books`…). */
  resources: ReadonlyMap<string, ResourceService>;
  /** What the reading sheets do besides the engine's save, read and delete: the deletes of one file or the manuscript. */
  sheets: SheetSaveService;
  /** The service whose saves a screen's form validates (the studio's preview): the screen's resource's. */
  forScreen(name: string): ResourceService | undefined;
  /** Every list with an export and bulk actions: the declared resources' with a list screen, and the reading sheets'. */
  lists: readonly ServedList[];
  /** The records' history: revisions, the activity, restores through each resource's own save. */
  history: HistoryService;
  /** The screen definitions: versions, drafts, checks and publishing. */
  screens: ScreenService;
}

/** What the services are built from: the app's parts, each built once before them. */
export interface AppServiceParts {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  storage: Storage;
  pending: PendingUploads;
  cardPayments: CardPaymentProvider;
  screenRegistry: ScreenRegistry;
  writes: RecordWrites;
  /** The screen service (the one the screen registry checks published versions with). */
  screens: ScreenService;
  /** The declared resources (every one by default). */
  resources?: readonly ResourceDefinition[];
}

/** What the resources' services read of the screens in use. */
function serviceScreensOf(screenRegistry: ScreenRegistry): ServiceScreens {
  return { screens: screenRegistry.screens };
}

/**
 * A reading sheets' service of its own on these parts, its store built with `options` (what follows
 * a save, its write steps): a test or the bench builds one with a seam of its own; the app's is
 * built with the others (`createAppServices`).
 */
export function createSheetService(parts: AppServiceParts, options: SheetStoreOptions = {}): ResourceService {
  const { db, config, storage, pending, cardPayments, screenRegistry, writes } = parts;
  const context = storeContext({ storage, pending, cardPayments, mailConfigured: Boolean(config.smtpUrl) });
  return createResourceService(db, sheetResource({ log: parts.log, ...options }), serviceScreensOf(screenRegistry), context, writes);
}

/** Builds the app's services once; throws at start when a declaration says something no service does (an action field without its action). */
export function createAppServices(parts: AppServiceParts): AppServices {
  const { db, config, log, storage, pending, cardPayments, screenRegistry, writes, screens, resources = RESOURCES } = parts;
  const serviceScreens = serviceScreensOf(screenRegistry);
  const context = storeContext({ storage, pending, cardPayments, mailConfigured: Boolean(config.smtpUrl) });
  const hooks = sheetNotificationHooks({ db, publicSiteUrl: config.publicSiteUrl, mailConfigured: Boolean(config.smtpUrl), log });
  // One service, one write path: a named list's store derives from its declaration as the others'
  // do, and the reading sheets are a resource like the others, their store their own
  // (withNotification → outbox, after the commit; the answer says how many subscribers get an e-mail).
  const definitions: CustomResourceDefinition[] = [
    ...resources.map((definition) => (isCustom(definition) ? definition : { ...definition, store: namedStore(definition) })),
    sheetResource({ log, hooks }),
  ];
  const services = new Map(definitions.map((definition) => [definition.api, createResourceService(db, definition, serviceScreens, context, writes)] as const));
  const sheets = createSheetSaveService({
    db,
    storage,
    log,
    writes,
  });

  const contracts = listContracts();
  const actions = fieldActions(db, writes);
  const lists: ServedList[] = [];
  const restorers = new Map<string, Restorer>();
  for (const definition of definitions) {
    // Every resource's history, derived from its declaration (the write path diffs each write into a revision).
    writes.keepHistory(definition.api, declaredHistory(definition, definition.store, definition.table as IdTable));
    const service = services.get(definition.api)!;
    if (definition.screen)
      restorers.set(
        definition.api,
        declaredRestorer(definition, () => service),
      );
    const contract = definition.screen ? contracts.get(definition.screen) : undefined;
    if (!contract) continue;
    const fieldsActions = actions[definition.api] ?? {};
    for (const field of definition.actionFields ?? []) {
      if (!fieldsActions[field])
        throw new Error(`Resource ${definition.api}: its action field ${field} has no action (server/subscribers/userFieldActions.ts)`);
    }
    lists.push({
      contract,
      exportSource: ({ lang: _lang, ...query }) => resourceExportSource(service, query),
      bulkRows: resourceBulkRows(service, fieldsActions),
    });
  }
  // The service whose saves a screen's form validates: the screen's resource.
  const forScreen = (name: string) => [...services.values()].find(({ definition }) => definition.screen === name);

  return { resources: services, sheets, lists, forScreen, history: createHistoryService(db, writes, restorers), screens };
}
