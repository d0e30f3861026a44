/**
 * The lighthouse suite of `npm run bench`: Lighthouse 12 (desktop preset: its screen, user agent
 * and simulated throttling) on four pages of the built client, served by the real server on a
 * fresh embedded database with the demo catalogue and the bench's full sheet (bench/editor.ts):
 * the login page logged out; the reading-sheet list, the full sheet's editor and the dashboard
 * logged in (the session cookie sent with every request through Lighthouse's `extraHeaders`).
 *
 * Categories performance, accessibility and best practices. Each page is audited BENCH_LIGHTHOUSE_RUNS
 * (3) times and the median of each figure is kept, as Lighthouse advises for its variance; an audit
 * is said to lose points when its median score is under 1 (and its weight in its category is not 0).
 *
 * Chromium is Debian's (scripts/harness/browser.ts), launched once by chrome-launcher; Lighthouse
 * opens a new tab and clears the origin's storage and cache for each run.
 */
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import type { Flags, Result } from 'lighthouse';
import { SESSION_COOKIE } from '../server/auth/sessions.js';
import { chromiumPath } from '../scripts/harness/browser.js';
import { prepareEditor } from './editor.js';
import { log } from './stats.js';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

/** Targets of the issue, per page (scores out of 100). */
const LIGHTHOUSE_TARGETS: Record<LighthouseCategory, number> = { performance: 90, accessibility: 100, 'best-practices': 95 };

const CATEGORY_NAMES: Record<LighthouseCategory, string> = { performance: 'Performance', accessibility: 'Accessibility', 'best-practices': 'Best practices' };

/** The metrics of the performance score, by audit id, with their labels. */
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'Speed Index'],
] as const;
type MetricId = (typeof METRICS)[number][0];

interface PageToAudit {
  name: string;
  path: string;
  loggedIn: boolean;
}

/** An audit whose median score is under 1. */
interface LostPoints {
  category: LighthouseCategory;
  id: string;
  title: string;
  /** Its median score (0–1) and weight in the category. */
  score: number;
  weight: number;
  /** Lighthouse's own figure of the run with the median score (e.g. "2.1 s", "3 elements"), if any. */
  displayValue: string | undefined;
  /** In how many of the runs it lost points. */
  runsLosing: number;
  /** What it found, from its first item (an element, a console message, a URL), and how many items. */
  found: string | undefined;
}

/** A diagnostic without weight whose estimated savings are the largest (the run nearest the median). */
interface Diagnostic {
  title: string;
  displayValue: string | undefined;
  /** What it names first (a file, an element), shortened. */
  found: string | undefined;
}

interface LighthousePageResult {
  name: string;
  path: string;
  loggedIn: boolean;
  /** Median scores out of 100. */
  scores: Record<LighthouseCategory, number>;
  /** Scores of each run, in run order. */
  runScores: Record<LighthouseCategory, number>[];
  /** Median metrics (ms; CLS unitless). */
  metrics: Record<MetricId, number>;
  lost: LostPoints[];
  /** The performance diagnostics with the largest estimated savings on the metrics, at most DIAGNOSTICS. */
  diagnostics: Diagnostic[];
  /** Runs ended by a transient Lighthouse error and run again, with the error's code. */
  retried: string[];
  /** The page's URL at the end of the run (client-side redirects included) and its LCP element, from the last run. */
  finalPath: string;
  lcpElement: string | undefined;
}

export interface LighthouseResult {
  lighthouse: string;
  chromium: string;
  runs: number;
  load: [number, number];
  pages: LighthousePageResult[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const DIAGNOSTICS = 4;
/** Lighthouse 12 reports some findings twice, as its older audit and as its newer insight: the older one is left out. */
const SUPERSEDED: Record<string, string> = {
  'render-blocking-resources': 'render-blocking-insight',
  'font-display': 'font-display-insight',
  'legacy-javascript': 'legacy-javascript-insight',
  'duplicated-javascript': 'duplicated-javascript-insight',
  'dom-size': 'dom-size-insight',
  'uses-long-cache-ttl': 'cache-insight',
  'third-party-summary': 'third-parties-insight',
};

type Audit = Result['audits'][string];
interface DetailItem {
  node?: { nodeLabel?: string; selector?: string; snippet?: string };
  description?: string;
  url?: string;
  sourceLocation?: { url?: string };
}

/** The first item of an audit's details in a few words, and how many there are (e.g. `input "Genre(s)" (div.filter-bar > input), 1 item`). */
function foundBy(audit: Audit): string | undefined {
  const items = ((audit.details as { items?: DetailItem[] } | undefined)?.items ?? []).filter((item) => item.node || item.description || item.url);
  const first = items[0];
  if (!first) return undefined;
  const short = (text: string, max = 110) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
  const what = first.node
    ? `${first.node.nodeLabel ? `"${short(first.node.nodeLabel, 40)}" ` : ''}\`${short(first.node.selector ?? first.node.snippet ?? '?')}\``
    : first.description
      ? `${short(first.description)}${first.sourceLocation?.url ? ` (${new URL(first.sourceLocation.url).pathname})` : ''}`
      : `\`${new URL(first.url!).pathname}\``;
  return items.length > 1 ? `${what}, and ${items.length - 1} more` : what;
}

/** The label of the LCP element, e.g. `div.p-datatable > table > tbody > tr`. */
function lcpElementOf(lhr: Result): string | undefined {
  // The details are a list whose first table holds the element (Lighthouse 12).
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { nodeLabel?: string; selector?: string } }[] }[] } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.nodeLabel ?? ''} (${node.selector ?? '?'})` : undefined;
}

/**
 * Fails when a logged-in page was not audited logged in: the client sends a logged-out visitor to
 * /auth/login, and its API calls would answer 401.
 */
function assertLoggedIn(page: PageToAudit, lhr: Result): void {
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  const requests = ((lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] } | undefined)?.items ?? []).filter((r) =>
    new URL(r.url).pathname.startsWith('/api/admin/'),
  );
  const refused = requests.filter((r) => r.statusCode === 401);
  if (finalPath !== page.path || requests.length === 0 || refused.length > 0) {
    throw new Error(`${page.name}: not audited logged in (ended on ${finalPath}; ${requests.length} API calls, ${refused.length} answered 401)`);
  }
}

/** One page's runs reduced to medians; the audits that lost points in the median. */
function summarise(page: PageToAudit, runs: Result[], retried: string[]): LighthousePageResult {
  const score = (lhr: Result, category: LighthouseCategory) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const runScores = runs.map((lhr) => Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((c) => [c, score(lhr, c)])) as Record<LighthouseCategory, number>);
  const scores = Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((c) => [c, median(runScores.map((s) => s[c]))])) as Record<LighthouseCategory, number>;
  const metrics = Object.fromEntries(METRICS.map(([id]) => [id, median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? NaN))])) as Record<MetricId, number>;

  const lost: LostPoints[] = [];
  const first = runs[0]!;
  for (const category of LIGHTHOUSE_CATEGORIES) {
    for (const ref of first.categories[category]?.auditRefs ?? []) {
      if (ref.weight <= 0) continue;
      const audits = runs
        .map((lhr) => lhr.audits[ref.id])
        .filter((a): a is Result['audits'][string] & { score: number } => a !== undefined && a.score !== null);
      if (audits.length === 0) continue;
      const auditScore = median(audits.map((a) => a.score));
      if (auditScore >= 1) continue;
      // The displayed value of the run whose score is nearest the median.
      const nearest = audits.reduce((best, a) => (Math.abs(a.score - auditScore) < Math.abs(best.score - auditScore) ? a : best));
      lost.push({
        category,
        id: ref.id,
        title: nearest.title,
        score: auditScore,
        weight: ref.weight,
        displayValue: nearest.displayValue,
        runsLosing: audits.filter((a) => a.score < 1).length,
        found: foundBy(nearest),
      });
    }
  }
  // The diagnostics of the run whose performance score is the median one: those that estimate
  // savings on a metric, largest first (Lighthouse's own "Diagnostics" and "Insights").
  const middle = [...runs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))[Math.floor(runs.length / 2)]!;
  const saving = (audit: Audit) => Math.max(0, ...Object.values(audit.metricSavings ?? {}).map((value) => value ?? 0));
  const diagnostics = (middle.categories.performance?.auditRefs ?? [])
    .map((ref) => middle.audits[ref.id])
    .filter((a): a is Audit => a !== undefined && a.id !== 'largest-contentful-paint-element' && a.score !== null && a.score < 0.9 && saving(a) > 0)
    .filter((a, _, all) => !all.some((other) => other.id === SUPERSEDED[a.id]))
    .sort((a, b) => saving(b) - saving(a))
    .slice(0, DIAGNOSTICS)
    .map((a) => ({ title: a.title, displayValue: a.displayValue, found: foundBy(a) }));
  const last = runs[runs.length - 1]!;
  return {
    ...page,
    scores,
    runScores,
    metrics,
    lost,
    diagnostics,
    retried,
    finalPath: new URL(last.finalDisplayedUrl).pathname,
    lcpElement: lcpElementOf(last),
  };
}

/** Lighthouse's errors that a new attempt usually clears (a trace lost on a busy machine). */
const TRANSIENT = new Set([
  'NO_NAVSTART',
  'NO_FCP',
  'NO_LCP',
  'NO_TRACING_STARTED',
  'NO_SPEEDLINE_FRAMES',
  'NO_SCREENSHOTS',
  'NO_TTI_CPU_IDLE_PERIOD',
  'PROTOCOL_TIMEOUT',
  'CRI_TIMEOUT',
  'PAGE_HUNG',
]);
const ATTEMPTS = 3;

/** One Lighthouse run; a run ended by a transient error is run again (up to ATTEMPTS in all). */
async function auditOnce(url: string, flags: Flags, name: string, retried: string[]): Promise<Result> {
  // Imported here: about a second of loading that the other suites of bench/run.ts need not pay.
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  for (let attempt = 1; ; attempt += 1) {
    const lhr = (await lighthouse(url, flags, desktopConfig))?.lhr;
    if (!lhr) throw new Error(`${name}: Lighthouse gave no result`);
    if (!lhr.runtimeError) return lhr;
    const error = `${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (!TRANSIENT.has(lhr.runtimeError.code) || attempt >= ATTEMPTS) throw new Error(error);
    retried.push(lhr.runtimeError.code);
    log(`lighthouse ${error}; run again`);
  }
}

/** Runs Lighthouse RUNS times on each page of the built app; medians per page. */
export async function measureLighthouse(): Promise<LighthouseResult> {
  if (!chromiumPath) throw new Error('the lighthouse suite needs Chromium: apt-get install -y chromium');
  const fixture = await prepareEditor();
  const { base, token, sheetId } = fixture;
  const pages: PageToAudit[] = [
    { name: 'Login (logged out)', path: '/auth/login', loggedIn: false },
    { name: 'Reading-sheet list', path: '/reading-sheets', loggedIn: true },
    { name: 'Editor of the full sheet', path: `/reading-sheet/${sheetId}`, loggedIn: true },
    { name: 'Dashboard', path: '/dashboard', loggedIn: true },
  ];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    // As root Chromium needs --no-sandbox; no GPU on this machine (software rendering, as the editor suite).
    chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'], logLevel: 'silent' });
    const chromium = ((await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }).Browser;
    const loadBefore = os.loadavg()[0]!;
    let version = '';
    const results: LighthousePageResult[] = [];
    for (const page of pages) {
      const runs: Result[] = [];
      const retried: string[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const flags: Flags = {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: [...LIGHTHOUSE_CATEGORIES],
          // The session cookie on every request of the page (the document, its scripts, its API calls).
          extraHeaders: page.loggedIn ? { Cookie: `${SESSION_COOKIE}=${token}` } : null,
        };
        const lhr = await auditOnce(`${base}${page.path}`, flags, page.name, retried);
        if (page.loggedIn) assertLoggedIn(page, lhr);
        version = lhr.lighthouseVersion;
        runs.push(lhr);
        const scores = LIGHTHOUSE_CATEGORIES.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? 0) * 100)}`).join(', ');
        log(`lighthouse ${page.name.padEnd(26)} run ${run}/${RUNS}: ${scores}`);
      }
      results.push(summarise(page, runs, retried));
    }
    return { lighthouse: version, chromium, runs: RUNS, load: [loadBefore, os.loadavg()[0]!], pages: results };
  } finally {
    chrome?.kill();
    await fixture.close();
  }
}

const metricValue = (id: MetricId, value: number) => (id === 'cumulative-layout-shift' ? value.toFixed(3) : `${Math.round(value)} ms`);
const met = (score: number, category: LighthouseCategory) => {
  const target = LIGHTHOUSE_TARGETS[category];
  return `${score} ${score >= target ? '(met)' : `(**missed**, target ${target === 100 ? '100' : `≥ ${target}`})`}`;
};

/** The Markdown section of the Lighthouse figures. */
export function lighthouseSection(result: LighthouseResult): string[] {
  const lines = [
    `- Lighthouse ${result.lighthouse}, desktop preset (1350 × 940 screen, simulated throttling: 40 ms round trip, 10 Mbit/s, no CPU slowdown), on ${result.chromium} (headless, \`--disable-gpu\`); the server on the embedded database (PGlite) with the demo catalogue and the full sheet of bench/editor.ts, on the same machine.`,
    `- ${result.runs} runs per page; the scores and metrics are the medians of the runs. Logged-in pages are audited with the session cookie sent by Lighthouse (\`extraHeaders\`); each such run is checked to end on its own page with its API calls answered (none 401).`,
    `- 1-minute load average: ${result.load[0].toFixed(2)} before, ${result.load[1].toFixed(2)} after (${os.availableParallelism()} CPUs): the simulated metrics come from the trace's CPU times, so a busy machine lowers the performance score.`,
    `- Targets on each page: performance ≥ ${LIGHTHOUSE_TARGETS.performance}, accessibility ${LIGHTHOUSE_TARGETS.accessibility}, best practices ≥ ${LIGHTHOUSE_TARGETS['best-practices']}.`,
    '',
    '| Page | Performance | Accessibility | Best practices | Runs (perf / a11y / bp) |',
    '|---|---:|---:|---:|---|',
    ...result.pages.map(
      (p) =>
        `| ${p.name}: \`${p.path}\` | ${met(p.scores.performance, 'performance')} | ${met(p.scores.accessibility, 'accessibility')} | ${met(p.scores['best-practices'], 'best-practices')} | ${p.runScores.map((s) => `${s.performance}/${s.accessibility}/${s['best-practices']}`).join(', ')} |`,
    ),
    '',
    `**Metrics** (medians): ${METRICS.map(([, label]) => label).join(', ')}; the simulated (Lantern) values Lighthouse scores.`,
    '',
    `| Page | ${METRICS.map(([, label]) => label).join(' | ')} | LCP element (last run) |`,
    `|---|${METRICS.map(() => '---:').join('|')}|---|`,
    ...result.pages.map(
      (p) =>
        `| ${p.name} | ${METRICS.map(([id]) => metricValue(id, p.metrics[id])).join(' | ')} | ${p.lcpElement ? `\`${p.lcpElement.replaceAll('|', '\\|')}\`` : '–'} |`,
    ),
    '',
    "**Audits that lost points** (median score under 1, weight above 0; a category's score is rounded, so a weight-1 audit failing may leave it at 100), with Lighthouse's figure and first finding of the run nearest the median. The performance ones are its metrics; below them, the diagnostics of the median run with the largest estimated savings (no weight of their own: what the metrics lose time on).",
    '',
  ];
  for (const page of result.pages) {
    const retried = page.retried.length
      ? ` (${page.retried.length} run${page.retried.length > 1 ? 's' : ''} ended by Lighthouse's ${[...new Set(page.retried)].join(', ')} and run again)`
      : '';
    lines.push(`- ${page.name}${retried}${page.lost.length === 0 ? ': none.' : ':'}`);
    for (const a of page.lost) {
      const value = a.displayValue ? `: ${a.displayValue}` : '';
      const runs = a.runsLosing < result.runs ? ` (${a.runsLosing} of ${result.runs} runs)` : '';
      const found = a.found ? `; ${a.found}` : '';
      lines.push(`  - ${CATEGORY_NAMES[a.category]}, \`${a.id}\` (weight ${a.weight}, score ${a.score.toFixed(2)}): ${a.title}${value}${runs}${found}`);
    }
    if (page.diagnostics.length) {
      lines.push(
        `  - Diagnostics: ${page.diagnostics.map((d) => `${d.title}${d.displayValue ? ` (${d.displayValue})` : ''}${d.found ? `: ${d.found}` : ''}`).join('; ')}`,
      );
    }
  }
  lines.push('');
  return lines;
}
