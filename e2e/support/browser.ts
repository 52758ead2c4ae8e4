import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium. The harness never downloads a browser; `.ci/run` installs this one with apt. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`${chromiumPath} is missing: install Debian's chromium (apt-get install -y chromium).`);
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** console.error messages and failed requests seen by the page, for failure reports. */
  consoleErrors: string[];
  /** Uncaught exceptions thrown in the page. */
  pageErrors: string[];
}

/** A fresh context (no cookies, no storage) per journey, so no test depends on another. */
export async function openPage(browser: Browser, baseURL: string): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  page.on('requestfailed', (request) => {
    consoleErrors.push(
      `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`,
    );
  });
  return { context, page, consoleErrors, pageErrors };
}
