import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type RunningApp, type StartAppOptions, startApp } from './app.ts';
import { launchBrowser, openPage } from './browser.ts';
import { artifactsDir } from './paths.ts';

/** Exact, case-insensitive name: the header shows its labels in capitals whatever the DOM text is. */
export function named(label: string): RegExp {
  return new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'i');
}

/** A header entry: a link or a menu button with exactly this label. */
export function navItem(page: Page, label: string) {
  return page
    .getByRole('link', { name: named(label) })
    .or(page.getByRole('button', { name: named(label) }))
    .first();
}

/** Signs in through the real form, as a user would, and waits to leave the /login pages. */
export async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/login/signin');
  await page.getByLabel('Login', { exact: true }).fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: named('Sign in') }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

export interface JourneyContext {
  page: Page;
  app: RunningApp;
}

export interface E2eSuite {
  /** The running app; available inside journeys. */
  readonly app: RunningApp;
  journey(name: string, run: (context: JourneyContext) => Promise<void>): void;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/**
 * One built app (fresh embedded database) and one Chromium per test file; a fresh browser context per
 * journey. A failing journey leaves a screenshot in e2e/artifacts and reports the page's errors and the
 * tail of the server log.
 */
export function e2eSuite(fileName: string, options: StartAppOptions = {}): E2eSuite {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;

  before(async () => {
    app = await startApp(options);
    browser = await launchBrowser();
  });
  // The app is stopped even when closing the browser throws: a server left running keeps the file's
  // process alive until the suite's time limit.
  after(async () => {
    try {
      await browser?.close();
    } finally {
      await app?.stop();
    }
  });

  const suite: E2eSuite = {
    get app() {
      if (!app) throw new Error('the app is not started yet');
      return app;
    },
    journey(name, run) {
      test(name, { timeout: 90_000 }, async () => {
        if (!app || !browser) throw new Error('the app or the browser did not start (see the before hook)');
        const opened = await openPage(browser, app.url);
        try {
          await run({ page: opened.page, app });
          if (opened.pageErrors.length > 0) {
            throw new Error(`Uncaught errors in the page:\n${opened.pageErrors.join('\n')}`);
          }
        } catch (error) {
          await mkdir(artifactsDir, { recursive: true });
          const screenshot = join(artifactsDir, `${slug(fileName)}--${slug(name)}.png`);
          const shot = await opened.page
            .screenshot({ path: screenshot, fullPage: true })
            .then(() => screenshot)
            .catch((problem: unknown) => `(no screenshot: ${String(problem)})`);
          const message = error instanceof Error ? error.message : String(error);
          const frames =
            error instanceof Error
              ? (error.stack ?? '').split('\n').filter((line) => /^\s+at .*:\d+:\d+\)?$/.test(line))
              : [];
          const report = new Error(
            [
              message,
              '',
              `page: ${opened.page.url()}`,
              `screenshot: ${shot}`,
              `browser errors:\n${[...opened.pageErrors, ...opened.consoleErrors].join('\n') || '(none)'}`,
              `--- server log (tail) ---\n${app.logTail(60)}`,
            ].join('\n'),
          );
          // Keep the original frames (they point at the failing line of the journey), not the cause twice.
          report.stack = [`Error: ${report.message}`, ...frames.slice(0, 8)].join('\n');
          throw report;
        } finally {
          await opened.context.close();
        }
      });
    },
  };
  return suite;
}
