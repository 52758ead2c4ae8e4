// First load, measured (docs/product.md §F5): from navigation to the first update on the client's project page
// (budget 700 ms) and to the first card on the task board (budget 800 ms), on this machine, with a cold
// browser cache each run (a fresh context), signed in by cookie. Counts the requests and JavaScript files
// the page asks for, before that first paint and until the network is idle, prints the medians and
// writes them to bench/results/first-load.json, which `npm run bench` prints.
//
//   FIRST_LOAD_RUNS (default 5) measured runs per page after one warm-up run (JIT, database caches).
//   FIRST_LOAD_TRACE=1 prints each page's last run as a waterfall (request start and end, ms).
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { firstScreenRequests } from '@dd/domain';
import type { Browser } from 'playwright-core';
import {
  DEMO_CLIENT,
  DEMO_PROJECT_MANAGER,
  demoTokenOf,
  firstProjectOf,
  seedDemoAgency,
} from './support/demo-agency.ts';
import { e2eSuite } from './support/fixtures.ts';
import { repoRoot } from './support/paths.ts';

const RUNS = Math.max(1, Number(process.env.FIRST_LOAD_RUNS ?? 5));
const BUDGET_MS = { projectPage: 700, board: 800 } as const;
const CLIENT = DEMO_CLIENT;
const PROJECT_MANAGER = DEMO_PROJECT_MANAGER;

const suite = e2eSuite('first-load', { seed: seedDemoAgency });

/** A fresh browser context (empty cache) at this viewport, carrying the session cookie. */
async function signedInContext(
  browser: Browser,
  base: string,
  token: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL: base, viewport });
  await context.addCookies([{ name: 'dd_token', value: token, domain: new URL(base).hostname, path: '/' }]);
  return context;
}

type Run = {
  waterfall: string[];
  /** performance.now() of the first animation frame in which the selector matched a visible element. */
  firstMs: number;
  requestsBefore: number;
  jsBefore: number;
  requests: number;
  jsFiles: number;
  jsKb: number;
  /** The first screen's reads the browser asked the network for (the page should have carried them). */
  firstReadsFetched: number;
};

/**
 * One cold load: a fresh context (empty cache) carrying the session cookie; an init script watches every
 * animation frame for the selector and records when it first shows a visible element.
 */
async function measure(browser: Browser, base: string, token: string, path: string, selector: string) {
  const context = await signedInContext(browser, base, token, { width: 1280, height: 800 });
  try {
    await context.addInitScript(
      `(() => {
        const check = (t) => {
          const el = document.querySelector(${JSON.stringify(selector)});
          const box = el && el.getBoundingClientRect();
          if (box && box.width > 0 && box.height > 0) { window.__ddFirst = t; return; }
          requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      })();`,
    );
    const page = await context.newPage();
    const requests: Array<{ url: string; script: boolean; at: number; end?: number }> = [];
    const started = Date.now();
    page.on('request', (r) =>
      requests.push({ url: r.url(), script: r.resourceType() === 'script', at: Date.now() - started }),
    );
    page.on('requestfinished', (r) => {
      const entry = requests.find((q) => q.url === r.url() && q.end === undefined);
      if (entry) entry.end = Date.now() - started;
    });
    await page.goto(path);
    // Functions, not strings: the page's CSP forbids eval, which Playwright uses for string predicates.
    const seen = () => (globalThis as { __ddFirst?: number }).__ddFirst;
    await page.waitForFunction(seen, undefined, { timeout: 15_000 });
    const firstMs = (await page.evaluate(seen)) as number;
    const countedAt = Date.now() - started;
    const before = requests.filter((r) => r.at <= countedAt);
    await page.waitForLoadState('networkidle');
    // The scripts' size from the page's own resource timing: reading bodies over the DevTools protocol
    // while the page loads took CPU from the load being measured (2 cores).
    const jsBytes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType !== 'fetch' && e.name.endsWith('.js'))
        .reduce((sum, e) => sum + (e as PerformanceResourceTiming).decodedBodySize, 0),
    );
    const waterfall = requests.map(
      (r) => `${String(r.at).padStart(5)} ${String(r.end ?? '-').padStart(5)} ${r.url.replace(base, '')}`,
    );
    const firstReads = new Set(firstScreenRequests(path).map((p) => `${base}/api${p}`));
    return {
      firstReadsFetched: requests.filter((r) => firstReads.has(r.url)).length,
      waterfall: [
        ...waterfall,
        `first content at ${countedAt} ms (wall clock), ${Math.round(firstMs)} ms (page clock)`,
      ],
      firstMs: Math.round(firstMs),
      requestsBefore: before.length,
      jsBefore: before.filter((r) => r.script).length,
      requests: requests.length,
      jsFiles: requests.filter((r) => r.script).length,
      jsKb: Math.round(jsBytes / 1024),
    } satisfies Run;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function summarize(runs: Run[]) {
  return {
    firstMsMedian: median(runs.map((r) => r.firstMs)),
    firstMsRuns: runs.map((r) => r.firstMs),
    requestsBeforeFirst: median(runs.map((r) => r.requestsBefore)),
    jsFilesBeforeFirst: median(runs.map((r) => r.jsBefore)),
    requestsUntilIdle: median(runs.map((r) => r.requests)),
    jsFilesUntilIdle: median(runs.map((r) => r.jsFiles)),
    jsKbUncompressed: median(runs.map((r) => r.jsKb)),
    firstReadsFetched: Math.max(...runs.map((r) => r.firstReadsFetched)),
  };
}

suite.journey(
  'the client project page and the board show their first content from about ten files, timed',
  async ({ page }) => {
    const base = suite.app.url;
    const browser = page.context().browser();
    assert.ok(browser, 'the suite runs a browser');
    {
      const clientToken = await demoTokenOf(base, CLIENT);
      const projectId = await firstProjectOf(base, clientToken);
      const pmToken = await demoTokenOf(base, PROJECT_MANAGER);
      const pages = [
        {
          key: 'projectPage' as const,
          name: 'client project page, first update',
          token: clientToken,
          path: `/project/daily-updates/${projectId}`,
          selector: 'ul[aria-label="Project updates"] > li',
        },
        {
          key: 'board' as const,
          name: 'task board, first card',
          token: pmToken,
          path: `/project/tasks/${projectId}`,
          selector: '[data-task-id]',
        },
      ];
      const loadBefore = loadavg()[0]!;
      const results: Record<string, ReturnType<typeof summarize> & { path: string; budgetMs: number }> = {};
      for (const p of pages) {
        await measure(browser, base, p.token, p.path, p.selector); // warm-up, not counted
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, base, p.token, p.path, p.selector));
        if (process.env.FIRST_LOAD_TRACE)
          console.log(`${p.name}, last run:\n${runs.at(-1)!.waterfall.join('\n')}`);
        results[p.key] = { path: p.path, budgetMs: BUDGET_MS[p.key], ...summarize(runs) };
        const r = results[p.key]!;
        console.log(
          `${p.name}: ${r.firstMsMedian} ms median (budget ${r.budgetMs}; runs ${r.firstMsRuns.join('/')}), ` +
            `${r.requestsBeforeFirst} requests / ${r.jsFilesBeforeFirst} JS files before it, ` +
            `${r.requestsUntilIdle} requests / ${r.jsFilesUntilIdle} JS files (${r.jsKbUncompressed} KB) until idle`,
        );
      }
      const loadAfter = loadavg()[0]!;
      console.log(`load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`);
      const out = join(repoRoot, 'bench', 'results');
      await mkdir(out, { recursive: true });
      await writeFile(
        join(out, 'first-load.json'),
        `${JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, loadAverage: [loadBefore, loadAfter], ...results }, null, 2)}\n`,
      );
      // Times are budgets for the bench (docs/product.md §D8: measured, not asserted by timed tests; this
      // machine may be busy). What must hold on any machine: the page needs about ten files, not fifty.
      for (const p of pages) {
        const r = results[p.key]!;
        console.log(
          `${r.firstMsMedian <= r.budgetMs ? 'within' : 'OVER'} budget: ${p.name} ${r.firstMsMedian} ms against ${r.budgetMs} ms`,
        );
        // The page carries the first screen's reads (ADR 0017): the browser asks for none of them.
        assert.equal(r.firstReadsFetched, 0, `${p.name}: first-screen reads asked for over the network`);
        // 18, not 15: the client's page gained the review card, the notification bell and the chat's
        // unread badge (16 files until idle when they landed). Fewer first-screen chunks is the phone
        // work's to win back (docs/product.md §D8), not a reason to drop a screen's parts.
        assert.ok(
          r.jsFilesUntilIdle <= 18,
          `${p.name}: ${r.jsFilesUntilIdle} JS files until idle (about ten)`,
        );
      }
    }
  },
);

suite.journey(
  "on a phone, the client page's other reads go out after its content's largest paint (ADR 0040)",
  async ({ page }) => {
    const base = suite.app.url;
    const browser = page.context().browser();
    assert.ok(browser, 'the suite runs a browser');
    const token = await demoTokenOf(base, CLIENT);
    const projectId = await firstProjectOf(base, token);
    const context = await signedInContext(browser, base, token, { width: 412, height: 823 });
    try {
      await context.addInitScript(
        `(() => {
          window.__ddPaints = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries())
              window.__ddPaints.push({ at: e.startTime, loading: !!e.element?.closest('#root > [role="status"]') });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        })();`,
      );
      const phone = await context.newPage();
      await phone.goto(`/project/daily-updates/${projectId}`);
      await phone.locator('ul[aria-label="Project updates"] > li').first().waitFor();
      await phone.waitForLoadState('networkidle');
      const { paints, reads } = await phone.evaluate(() => ({
        paints: (globalThis as { __ddPaints?: Array<{ at: number; loading: boolean }> }).__ddPaints ?? [],
        reads: performance
          .getEntriesByType('resource')
          .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'fetch')
          .map((e) => ({ url: e.name, at: e.startTime })),
      }));
      const content = paints.find((p) => !p.loading);
      assert.ok(content, `the content's largest paint is reported (${JSON.stringify(paints)})`);
      // The page asks for the tour, the calls, the strip... (the first screen's own reads came with it).
      assert.ok(reads.length >= 3, `the page reads more after its first screen (${reads.length})`);
      const early = reads.filter((r) => r.at < content.at);
      assert.deepEqual(
        early.map((r) => `${r.url.replace(base, '')} at ${Math.round(r.at)} ms`),
        [],
        `reads started before the content painted at ${Math.round(content.at)} ms`,
      );
    } finally {
      await context.close();
    }
  },
);

suite.journey(
  "the first screens' large scripts carry V8's compile hint, and lazy ones do not (ADR 0036)",
  async () => {
    const base = suite.app.url;
    const HINT = '//# allFunctionsCalledOnLoad\n';
    const token = await demoTokenOf(base, CLIENT);
    const projectId = await firstProjectOf(base, token);
    const html = await (
      await fetch(`${base}/project/daily-updates/${projectId}`, { headers: { cookie: `dd_token=${token}` } })
    ).text();
    // The entry and the project page's preloaded chunks, as the page announces them.
    const firstScreen = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      (m) => m[1]!,
    );
    assert.ok(
      firstScreen.some((f) => f.includes('/daily-updates-page-')),
      'the page preloads its chunk',
    );
    const text = async (file: string) => (await fetch(`${base}${file}`)).text();
    let hinted = 0;
    for (const file of firstScreen) {
      const code = await text(file);
      // Files under 30 KB are not streamed: a hint would compile them on the main thread.
      if (code.length >= 30_000) {
        assert.ok(code.startsWith(HINT), `${file} (${code.length} bytes) starts with the compile hint`);
        hinted++;
      } else assert.ok(!code.startsWith(HINT), `${file} (${code.length} bytes) has no hint`);
    }
    assert.ok(hinted >= 3, `the entry, the vendor chunk and the page's chunk are hinted (${hinted})`);
    // A chunk no first screen loads (the report's charts, opened from a project section) keeps V8's
    // lazy default.
    const entry = await text(firstScreen.find((f) => /\/index-[^/]+\.js$/.test(f))!);
    const section = entry.match(/assets\/project-section-page-[^"]+\.js/)?.[0];
    assert.ok(section, "the entry lists the project sections' chunk");
    const charts = (await text(`/${section}`)).match(/report-charts-[^"`]+\.js/)?.[0];
    assert.ok(charts, 'the sections chunk lists the report charts chunk');
    const chartsCode = await text(`/assets/${charts}`);
    assert.ok(chartsCode.length >= 30_000, 'the charts chunk is large');
    assert.ok(!chartsCode.startsWith(HINT), 'the charts chunk has no compile hint');
  },
);
