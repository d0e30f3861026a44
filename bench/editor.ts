/**
 * The editor suite of `npm run bench`: the reading-sheet editor (`/reading-sheet/:id`) of the
 * built client, driven in Debian's Chromium (headless) against the real server on a fresh embedded
 * database with the demo catalogue and one full sheet: every translatable map filled in the five
 * locales (long reports), 10 characters and 10 series items.
 *
 * Measured:
 * - opening: from the navigation (or the click on the list's Edit button) to the first paint that
 *   shows the sheet's data in the form, cold (new browser profile), cold over an emulated network
 *   (NETWORK: the scripts' size and the requests' round trips count), warm (reload) and in the app;
 * - keystroke to next paint: from the keydown's own timestamp (when Chromium received the key) to
 *   the first task after the next frame, in three translatable fields; Chromium's Event Timing
 *   (its own input-to-paint figure, in 8 ms steps, reported from 16 ms) as a cross-check.
 *
 * Environment: BENCH_EDITOR_KEYS (100) measured keystrokes per field after 10 warm-up ones,
 * BENCH_EDITOR_OPENS (20) openings per kind (cold ones too: a p95 of 10 would be their maximum), BENCH_CLIENT_DIR
 * (dist/client) the built client to serve (another build, to compare two versions).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { openPglite } from '../server/db/client.js';
import { insertAdministrator } from '../server/db/repositories/auth/administratorRepository.js';
import { seedDatabase } from '../server/db/seed/index.js';
import { openSession, SESSION_COOKIE } from '../server/auth/sessions.js';
import { chromiumPath, launchBrowser } from '../scripts/harness/browser.js';
import { FIRST_PAGE_BUDGETS, FIRST_PAGES, weighFirstPage, type PageWeight } from '../scripts/firstPageBytes.js';
import { benchSheetBody } from './benchSheet.js';
import { log, ms, stats, type Stats } from './stats.js';

const KEYS = Number(process.env.BENCH_EDITOR_KEYS ?? 100);
const KEY_WARMUP = 10;
const OPENS = Number(process.env.BENCH_EDITOR_OPENS ?? 20);
/** Pause between two keystrokes: a fast typist (10 keys a second); deferred work shows in the next key's time. */
const KEY_GAP_MS = 100;

/** Targets (p95, ms): keystroke to next paint within one 60 Hz frame; opening cold, over the network, warm and in the app. */
const EDITOR_TARGETS = { keystrokeP95: 16, openCold: 600, openNetwork: 800, openWarm: 200, openInApp: 200 } as const;

const TITLE = 'Bench: the full sheet';

interface KeystrokeCase {
  name: string;
  tab: string;
  locale: string;
  /** The input typed into. */
  selector: string;
}

const KEYSTROKE_CASES: KeystrokeCase[] = [
  { name: 'Base: title (en), an input among the identity widgets', tab: 'Base', locale: 'en', selector: '#root_titles_en' },
  { name: 'Presentation: report (fr), a textarea of 6,000 characters', tab: 'Presentation', locale: 'fr', selector: '#root_report_fr' },
  { name: 'Characters: 10th characterisation (de), 10 characters shown', tab: 'Characters', locale: 'de', selector: '#root_characters_9_characterisations_de' },
];

interface KeystrokeResult {
  name: string;
  nextPaint: Stats;
  /** Keystrokes whose Event Timing duration was reported (≥ 16 ms), and the p95 over all keystrokes (undefined: under 16). */
  eventTiming: { over16: number; p95: number | undefined };
}

interface OpenResult {
  name: string;
  /** Its target, p95 in ms. */
  target: number;
  runs: number;
  shown: Stats;
  /** The sheet's `GET admin/books/{id}` answered (from the navigation or the click). */
  data: Stats;
}

export interface EditorResult {
  /** The first pages' weight, from the built files served. */
  pages: PageWeight[];
  chromium: string;
  load: [number, number];
  sheet: { characters: number; series: number; translatableMaps: number; jsonBytes: number };
  opens: OpenResult[];
  keystrokes: KeystrokeResult[];
}

/** Installed before any script of the page: marks when the form first shows the sheet, and times keystrokes. */
function pageProbe(title: string): void {
  let generation = 0;
  const probe = {
    shownAt: undefined as number | undefined,
    clickAt: undefined as number | undefined,
    keys: [] as number[],
    events: new Map<number, number>(),
    /** Watches, frame by frame, for the form showing the sheet; `shownAt` is then the time after that frame, from `start`. */
    watchFrom(start: number) {
      probe.shownAt = undefined;
      const mine = ++generation;
      const check = () => {
        if (mine !== generation) return;
        const input = document.getElementById('root_original_title') as HTMLInputElement | null;
        if (input?.value === title) {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (probe.shownAt = performance.now() - start);
          channel.port2.postMessage(null);
          return;
        }
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    },
  };
  (window as unknown as { __bench: typeof probe }).__bench = probe;
  probe.watchFrom(0);
  document.addEventListener(
    'click',
    (event) => {
      if (!(event.target instanceof Element) || !event.target.closest('[data-bench-open]')) return;
      probe.clickAt = event.timeStamp;
      probe.watchFrom(event.timeStamp);
    },
    true,
  );
  document.addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => probe.keys.push(performance.now() - start);
        channel.port2.postMessage(null);
      });
    },
    true,
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
      if (!entry.interactionId || !entry.name.startsWith('key')) continue;
      probe.events.set(entry.interactionId, Math.max(probe.events.get(entry.interactionId) ?? 0, entry.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

interface Probe {
  shownAt: number | undefined;
  clickAt: number | undefined;
  keys: number[];
  events: Map<number, number>;
  watchFrom(start: number): void;
}
type BenchWindow = Window & { __bench: Probe };

/**
 * Waits until the form shows the sheet; the time from the navigation (or click) in ms. The page
 * functions are passed as functions, never as strings: Playwright would evaluate a string with
 * `eval`, which the app's Content Security Policy refuses (no `unsafe-eval`), as it should.
 */
async function waitShown(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as BenchWindow).__bench.shownAt !== undefined, undefined, { polling: 20, timeout: 30_000 });
  return page.evaluate(() => (window as unknown as BenchWindow).__bench.shownAt!);
}

/** When the sheet's JSON had arrived, in ms from `since` (the page's clock): the last such request. */
function dataAnsweredAt(page: Page, sheetId: number, since: number): Promise<number> {
  return page.evaluate(
    ({ id, from }) => {
      const entries = performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname === `/api/admin/books/${id}`) as PerformanceResourceTiming[];
      const last = entries.pop();
      return last ? last.responseEnd - from : NaN;
    },
    { id: sheetId, from: since },
  );
}

/** A browser context logged in with `token`, with the page probe installed. */
export async function newContext(browser: Browser, base: string, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base }]);
  // tsx keeps function names by wrapping them in `__name(...)`; the page needs that helper to run our functions.
  await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' });
  await context.addInitScript(pageProbe, TITLE);
  return context;
}

interface Samples {
  shown: number[];
  data: number[];
}
const opening = (name: string, target: number, samples: Samples): OpenResult => ({
  name,
  target,
  runs: samples.shown.length,
  shown: stats(samples.shown),
  data: stats(samples.data),
});

/** A network between the browser and the server, emulated by Chromium: a fast office or home line. */
const NETWORK = { latencyMs: 40, downMbit: 20, upMbit: 5 } as const;

/** Openings in new browser profiles (nothing cached), one more than measured: the first also pays for the server's first run of its queries. */
async function coldOpens(browser: Browser, base: string, token: string, sheetId: number, network: boolean): Promise<Samples> {
  const samples: Samples = { shown: [], data: [] };
  for (let i = 0; i <= Math.max(3, OPENS); i += 1) {
    const context = await newContext(browser, base, token);
    const page = await context.newPage();
    if (network) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: NETWORK.latencyMs,
        downloadThroughput: (NETWORK.downMbit * 1024 * 1024) / 8,
        uploadThroughput: (NETWORK.upMbit * 1024 * 1024) / 8,
      });
    }
    await page.goto(`${base}/reading-sheet/${sheetId}`);
    const shown = await waitShown(page);
    if (i > 0) {
      samples.shown.push(shown);
      samples.data.push(await dataAnsweredAt(page, sheetId, 0));
    }
    await context.close();
  }
  return samples;
}

async function measureOpens(browser: Browser, base: string, token: string, sheetId: number): Promise<OpenResult[]> {
  const editor = `${base}/reading-sheet/${sheetId}`;
  const cold = await coldOpens(browser, base, token, sheetId, false);
  const coldNetwork = await coldOpens(browser, base, token, sheetId, true);

  const context = await newContext(browser, base, token);
  const page = await context.newPage();
  await page.goto(editor);
  await waitShown(page);
  const warm: Samples = { shown: [], data: [] };
  for (let i = 0; i < OPENS; i += 1) {
    await page.reload();
    warm.shown.push(await waitShown(page));
    warm.data.push(await dataAnsweredAt(page, sheetId, 0));
  }

  // In the app: the list loaded, then the Edit button of the sheet's row.
  const inApp: Samples = { shown: [], data: [] };
  for (let i = 0; i < OPENS; i += 1) {
    await page.goto(`${base}/reading-sheets`);
    const edit = page.getByRole('row').filter({ hasText: TITLE }).getByRole('button', { name: 'Edit' });
    await edit.waitFor();
    await edit.evaluate((button) => button.setAttribute('data-bench-open', ''));
    await edit.click();
    inApp.shown.push(await waitShown(page));
    const clickAt = await page.evaluate(() => (window as unknown as BenchWindow).__bench.clickAt!);
    inApp.data.push(await dataAnsweredAt(page, sheetId, clickAt));
  }
  await context.close();
  return [
    opening('cold: new browser profile, nothing cached', EDITOR_TARGETS.openCold, cold),
    opening(
      `cold over a network (${NETWORK.latencyMs} ms latency, ${NETWORK.downMbit} Mbit/s down, ${NETWORK.upMbit} up)`,
      EDITOR_TARGETS.openNetwork,
      coldNetwork,
    ),
    opening('warm: reload, scripts and styles cached', EDITOR_TARGETS.openWarm, warm),
    opening('in the app: Edit on the list', EDITOR_TARGETS.openInApp, inApp),
  ];
}

const sleep = (msDelay: number) => new Promise((resolve) => setTimeout(resolve, msDelay));

async function measureKeystrokes(page: Page, editor: string, item: KeystrokeCase): Promise<KeystrokeResult> {
  await page.goto(editor);
  await waitShown(page);
  await page.locator(`.sheet-language-button[data-locale="${item.locale}"]`).click();
  await page.locator('.form-tabs > .p-tabview-nav-container').getByRole('tab', { name: item.tab, exact: true }).click();
  const input = page.locator(item.selector);
  await input.click();
  await page.keyboard.press('Control+End');
  const before = (await input.inputValue()).length;
  await sleep(500);
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; i < KEY_WARMUP + KEYS; i += 1) {
    if (i === KEY_WARMUP) {
      await page.evaluate(() => {
        const p = (window as unknown as BenchWindow).__bench;
        p.keys.length = 0;
        p.events.clear();
      });
    }
    const count = i < KEY_WARMUP ? i : i - KEY_WARMUP;
    await page.keyboard.type(letters[i % letters.length]!);
    await page.waitForFunction((typed) => (window as unknown as BenchWindow).__bench.keys.length > typed, count, { polling: 5 });
    await sleep(KEY_GAP_MS);
  }
  const after = (await input.inputValue()).length;
  if (after !== before + KEY_WARMUP + KEYS) throw new Error(`${item.name}: ${after - before} characters typed, not ${KEY_WARMUP + KEYS}`);
  const { keys, events } = await page.evaluate(() => {
    const p = (window as unknown as BenchWindow).__bench;
    return { keys: p.keys, events: [...p.events.values()] };
  });
  const over16 = events.length;
  const all = [...events, ...Array.from({ length: Math.max(0, keys.length - over16) }, () => 0)];
  const p95 = stats(all).p95;
  return { name: item.name, nextPaint: stats(keys), eventTiming: { over16, p95: p95 >= 16 ? p95 : undefined } };
}

/** The app on a fresh embedded database with the demo catalogue and the full sheet, listening on a free port. */
export interface EditorFixture {
  base: string;
  /** A session token of an administrator (cookie SESSION_COOKIE). */
  token: string;
  sheetId: number;
  sheet: EditorResult['sheet'];
  close(): Promise<void>;
}

/** Starts the app (serving dist/client) and saves the full sheet through the API. */
export async function prepareEditor(): Promise<EditorFixture> {
  const clientDir = path.resolve(process.env.BENCH_CLIENT_DIR ?? 'dist/client');
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) throw new Error('the editor suite needs the built client: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-editor-'));
  const database = await openPglite(path.join(dataDir, 'db'));
  const close = async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await database.migrate();
    log('editor: seeding the demo catalogue ...');
    await seedDatabase(database.db, { demo: true });
    const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: clientDir, DEMO_DATA: 'false' }), database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
    const { db } = database;
    const administrator = await insertAdministrator(db, {
      firstname: 'Bench',
      lastname: 'Runner',
      email: `bench-${Date.now()}@bench.test`,
      passwordHash: 'not-a-hash',
    });
    const { token } = await openSession(db, administrator.id, 1, { ip: '127.0.0.1', userAgent: 'bench' });
    const headers = { cookie: `${SESSION_COOKIE}=${token}` };

    const body = await benchSheetBody(db, TITLE);
    const response = await fetch(`${base}/api/admin/books`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const saved = (await response.json()) as { data?: { id: number }; message?: string };
    if (!response.ok || !saved.data) throw new Error(`the full sheet was refused: ${response.status} ${JSON.stringify(saved)}`);
    const sheetId = saved.data.id;
    const sheetJson = await (await fetch(`${base}/api/admin/books/${sheetId}`, { headers })).text();
    const translatableMaps = Object.values(body).filter(
      (value) => value !== null && typeof value === 'object' && !Array.isArray(value) && 'de' in value,
    ).length;
    return {
      base,
      token,
      sheetId,
      sheet: { characters: body.characters.length, series: body.seriesList.length, translatableMaps, jsonBytes: Buffer.byteLength(sheetJson) },
      close: async () => {
        await app.close();
        await close();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Prepares the app and the sheet, then drives the editor in Chromium. */
export async function measureEditor(): Promise<EditorResult> {
  if (!chromiumPath) throw new Error('the editor suite needs Chromium: apt-get install -y chromium');
  const fixture = await prepareEditor();
  const { base, token, sheetId } = fixture;
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const loadBefore = os.loadavg()[0]!;
    log('editor: opening the sheet ...');
    const opens = await measureOpens(browser, base, token, sheetId);
    for (const o of opens) log(`editor   open ${o.name.padEnd(44)} shown p50 ${ms(o.shown.median).padStart(7)} p95 ${ms(o.shown.p95).padStart(7)} ms`);
    const context = await newContext(browser, base, token);
    const page = await context.newPage();
    const keystrokes: KeystrokeResult[] = [];
    for (const item of KEYSTROKE_CASES) {
      const result = await measureKeystrokes(page, `${base}/reading-sheet/${sheetId}`, item);
      keystrokes.push(result);
      log(`editor   key  ${item.name.padEnd(62)} p50 ${ms(result.nextPaint.median).padStart(6)} p95 ${ms(result.nextPaint.p95).padStart(6)} ms`);
    }
    await context.close();
    const clientDir = path.resolve(process.env.BENCH_CLIENT_DIR ?? 'dist/client');
    // A build from before the pages were weighed (BENCH_CLIENT_DIR, to compare) has no manifest: no weights then.
    const pages = fs.existsSync(path.join(clientDir, '.vite', 'manifest.json')) ? FIRST_PAGES.map((page) => weighFirstPage(clientDir, page)) : [];
    return { pages, chromium: browser.version(), load: [loadBefore, os.loadavg()[0]!], sheet: fixture.sheet, opens, keystrokes };
  } finally {
    await browser?.close();
    await fixture.close();
  }
}

/** The Markdown section of the editor's figures. */
export function editorSection(result: EditorResult): string[] {
  const met = (ok: boolean, target: string) => (ok ? `met (${target})` : `missed (${target})`);
  const kB = (bytes: number) => (bytes / 1000).toFixed(1);
  const budget = (page: PageWeight) => {
    if (page.name.startsWith('login')) return met(page.scripts <= FIRST_PAGE_BUDGETS.loginScripts, `scripts ≤ ${kB(FIRST_PAGE_BUDGETS.loginScripts)}`);
    if (page.name.startsWith('first list')) return met(page.total <= FIRST_PAGE_BUDGETS.firstListTotal, `total ≤ ${kB(FIRST_PAGE_BUDGETS.firstListTotal)}`);
    return '';
  };
  return [
    `**First pages' weight** (kB, 1 kB = 1,000 bytes, Brotli as the server sends it): the page's HTML, the scripts and styles it names, and its route's code with the chunks Vite preloads with it, read from the built files (scripts/firstPageBytes.ts; not timed). The API's answers and the icon font are not counted.`,
    '',
    '| Page | HTML | Scripts | Styles | Total | Largest files | Target |',
    '|---|---:|---:|---:|---:|---|---|',
    ...result.pages.map(
      (page) =>
        `| ${page.name} | ${kB(page.html)} | ${kB(page.scripts)} | ${kB(page.styles)} | ${kB(page.total)} | ${page.files
          .slice(0, 4)
          .map(({ file, bytes }) => `${file.replace(/^assets\//, '').replace(/-[\w-]{8}\.(js|css)$/, '.$1')} ${kB(bytes)}`)
          .join(', ')} | ${budget(page)} |`,
    ),
    '',
    `- Chromium ${result.chromium}, headless, software rendering (\`--disable-gpu\`), a 1366 × 900 window; the server on the embedded database (PGlite) with the demo catalogue, on the same machine.`,
    `- The sheet: every translatable map in the 5 locales (${result.sheet.translatableMaps} maps; report, summary, pitch, public comments and scouts 6,000 characters each), ${result.sheet.characters} characters (3 texts × 5 locales each), ${result.sheet.series} series items; its \`GET admin/books/{id}\` is ${(result.sheet.jsonBytes / 1024).toFixed(0)} KiB.`,
    `- 1-minute load average: ${result.load[0].toFixed(2)} before, ${result.load[1].toFixed(2)} after (${os.availableParallelism()} CPUs).`,
    '',
    `**Opening the editor** (ms): from the navigation start (or the click) to the first paint that shows the sheet's data; "data" is when its JSON had arrived. The network is Chromium's emulation (\`Network.emulateNetworkConditions\`) of a ${NETWORK.latencyMs} ms round trip and ${NETWORK.downMbit} Mbit/s down; the others are on the loopback.`,
    '',
    '| Opening | Runs | Shown median | Shown p95 | Data median | Target |',
    '|---|---:|---:|---:|---:|---|',
    ...result.opens.map(
      (o) =>
        `| ${o.name} | ${o.runs} | ${ms(o.shown.median)} | ${ms(o.shown.p95)} | ${ms(o.data.median)} | ${met(o.shown.p95 <= o.target, `p95 ≤ ${o.target}`)} |`,
    ),
    '',
    `**Keystroke to next paint** (ms): ${KEYS} keystrokes per field after ${KEY_WARMUP} warm-up ones, ${KEY_GAP_MS} ms apart; from the keydown's timestamp to the first task after the next frame. Event Timing is Chromium's own input-to-paint duration of the same keystrokes (8 ms steps; only those of 16 ms or more are reported).`,
    '',
    '| Field | Median | p95 | Max | Event Timing ≥ 16 ms | Event Timing p95 | Target |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...result.keystrokes.map(
      (k) =>
        `| ${k.name} | ${ms(k.nextPaint.median)} | ${ms(k.nextPaint.p95)} | ${ms(k.nextPaint.max)} | ${k.eventTiming.over16} of ${KEYS} | ${k.eventTiming.p95 === undefined ? '< 16' : ms(k.eventTiming.p95)} | ${met(k.nextPaint.p95 <= EDITOR_TARGETS.keystrokeP95, `p95 ≤ ${EDITOR_TARGETS.keystrokeP95}`)} |`,
    ),
    '',
  ];
}
