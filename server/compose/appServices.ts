import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { ScreenRegistry } from '../definitions/screenRegistry.js';
import { READING_SHEET_SCREEN } from '../../common/readingSheetForm.js';
import { sheetNotificationHooks } from '../sheets/sheetNotification.js';
import type { CardPaymentProvider } from '../payments/CardPaymentProvider.js';
import { RESOURCES } from '../resources/index.js';
import { listContracts, type ListContract } from '../engine/listContracts.js';
import { namedStore } from '../engine/namedStore.js';
import { readingSheetList, SHEET_RESOURCE } from '../resources/readingSheets.js';
import { isCustom, type ResourceDefinition } from '../engine/resourceTypes.js';
import type { Storage } from '../storage/Storage.js';
import type { PendingUploads } from '../uploads/PendingUploads.js';
import { createSheetSaveService, type SheetSaveService } from '../sheets/sheetSaveService.js';
import { sheetExportSource, type SheetListQuery } from '../sheets/sheetListService.js';
import type { BulkRows } from '../engine/bulk/bulkActions.js';
import { resourceBulkRows } from '../engine/bulk/bulkRows.js';
import { sheetBulkRows } from '../sheets/sheetBulkRows.js';
import { fieldActions } from '../subscribers/userFieldActions.js';
import { createCustomResourceService } from '../engine/declaredService.js';
import { createHistoryService, declaredRestorer, type HistoryService, type Restorer } from '../engine/history/historyService.js';
import { resourceExportSource, type ExportSource } from '../engine/export/exportSource.js';
import type { RecordWrites } from '../engine/recordWrites.js';
import type { ResourceService } from '../engine/resourceService.js';
import type { ScreenService } from '../screens/screenService.js';
import { sheetRestorer } from '../sheets/sheetHistory.js';
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
  /** Every declared resource's service, by its API name (`genres`, `users`…). */
  resources: ReadonlyMap<string, ResourceService>;
  /** The reading sheets' read, save and file deletes. */
  sheets: SheetSaveService;
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

/** Builds the app's services once; throws at start when a declaration says something no service does (an action field without its action). */
export function createAppServices({
  db,
  config,
  log,
  storage,
  pending,
  cardPayments,
  screenRegistry,
  writes,
  screens,
  resources = RESOURCES,
}: AppServiceParts): AppServices {
  const context = storeContext({ storage, pending, cardPayments, mailConfigured: Boolean(config.smtpUrl) });
  // One service, one write path: a named list's store derives from its declaration as the others' do.
  const services = new Map(
    resources.map((definition) => {
      const custom = isCustom(definition) ? definition : { ...definition, store: namedStore(definition) };
      return [definition.api, createCustomResourceService(db, custom, screenRegistry.screens, context, writes)] as const;
    }),
  );
  const sheets = createSheetSaveService({
    db,
    storage,
    pending,
    log,
    // withNotification → outbox, after the commit; the answer says how many subscribers get an e-mail.
    hooks: sheetNotificationHooks({ db, publicSiteUrl: config.publicSiteUrl, mailConfigured: Boolean(config.smtpUrl), log }),
    // The schema of the screen `readingSheet` in use: a published version's rules apply from the next save on.
    schemaValidator: () => screenRegistry.formValidator(READING_SHEET_SCREEN),
    writes,
  });

  const contracts = listContracts();
  const actions = fieldActions(db, writes);
  const lists: ServedList[] = [];
  for (const definition of resources) {
    const contract = definition.screen ? contracts.get(definition.screen) : undefined;
    if (!contract) continue;
    const service = services.get(definition.api)!;
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
  lists.push({
    contract: contracts.get(readingSheetList.screen)!,
    exportSource: (query) => sheetExportSource(db, query as SheetListQuery),
    bulkRows: sheetBulkRows(db, sheets, writes, storage),
  });

  const restorers = new Map<string, Restorer>();
  for (const definition of resources) {
    if (definition.screen)
      restorers.set(
        definition.api,
        declaredRestorer(definition, () => services.get(definition.api)!),
      );
  }
  restorers.set(SHEET_RESOURCE, sheetRestorer(sheets));

  return { resources: services, sheets, lists, history: createHistoryService(db, writes, restorers), screens };
}
