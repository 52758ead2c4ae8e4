import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface AxeOptions {
  /** Rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[];
  /** CSS selectors to leave out (e.g. a third-party widget). */
  exclude?: string[];
}

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function describe(violation: Violation): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => {
      const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >> ') : part)).join(' ');
      const why = node.failureSummary?.replace(/\s*\n\s*/g, ' ') ?? '';
      return `      at ${target}\n         ${why}`;
    })
    .join('\n');
  const more = violation.nodes.length > 5 ? `\n      ...and ${violation.nodes.length - 5} more` : '';
  return `  - [${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}${more}`;
}

/**
 * Waits for finite animations and transitions to end (spinners loop forever: ignored). Polled with
 * page.evaluate: waitForFunction's polling evaluates a string with eval, which the app's CSP refuses.
 */
async function animationsSettled(page: Page): Promise<void> {
  const settled =
    "document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)";
  const until = Date.now() + 3000;
  while (Date.now() < until && !(await page.evaluate<boolean>(settled))) await page.waitForTimeout(50);
}

/** Runs axe (all rules enabled by default: WCAG 2.x A/AA and best practices) and throws a readable list. */
export async function expectNoA11yViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  // Colours measured mid-transition (a modal fading in, a button leaving its loading state) are not the
  // page's colours: let finite animations and transitions end first (spinners loop forever: ignored).
  // A transition may start on the next frame after the click that caused it: give it time to begin.
  await page.waitForTimeout(300);
  // A toast auto-closes after 4 s and fades out: on a busy machine that fade can fall inside axe's
  // analysis, which then reads its text at a mid-fade colour. Hovering a toast pauses every toast's timer
  // (Mantine's pauseResetOnHover 'all'), so they are checked fully shown, not left out of the check.
  const toast = page.locator('.mantine-Notification-root').first();
  const hovered =
    (await toast.count()) > 0 &&
    (await toast.hover({ timeout: 1000 }).then(
      () => true,
      () => false,
    ));
  let builder = new AxeBuilder({ page });
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  await animationsSettled(page);
  let { violations } = await builder.analyze();
  // A part that arrives late (a lazily loaded chunk, a query answered during the analysis) can be read
  // mid-fade or half-mounted. What still fails a second look, a second later, is the page's own; what
  // does not is said on stderr, so a CI log keeps it, and does not fail the journey.
  if (violations.length > 0) {
    await page.waitForTimeout(1000);
    await animationsSettled(page);
    const second = await builder.analyze();
    const again = new Set(second.violations.map((v) => v.id));
    const passing = violations.filter((v) => !again.has(v.id));
    if (passing.length > 0) {
      process.stderr.write(
        `axe: seen once on ${page.url()}, gone a second later:\n${passing.map(describe).join('\n')}\n`,
      );
    }
    violations = second.violations;
  }
  // Leaving the toast restarts its timer, so a test that waits for it to close still sees it close.
  if (hovered) await page.mouse.move(0, 0);
  if (violations.length > 0) {
    throw new Error(
      `axe found ${violations.length} accessibility violation(s) on ${page.url()}:\n` +
        violations.map(describe).join('\n'),
    );
  }
}
