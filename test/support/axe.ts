import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The rules the portal is held to (issue point 18): WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per failing element: rule, impact, selector and axe's own summary (e.g. the contrast ratio). */
export function formatViolations(violations: axe.Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const target = node.target.map((selector) => JSON.stringify(selector)).join(' > ');
        // failureSummary starts with "Fix any of the following:"; the first reason is the useful part.
        const reason = (node.failureSummary ?? violation.help).split('\n').map((line) => line.trim()).filter(Boolean)[1];
        return `- ${violation.id} (${violation.impact ?? 'no impact'}) at ${target}: ${reason ?? violation.help}`;
      }),
    )
    .join('\n');
}

/**
 * Waits until the screen has settled: nothing marked busy loading (a list dims its previous rows while
 * the next arrive) and no finite transition or animation running (a dialog fading in). Colours read
 * half-way through either fail the contrast rule, though a person never sees them at rest.
 */
async function settled(page: Page): Promise<void> {
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The rules whose outcome depends on the colours (the rest read the markup, the same in either scheme):
 * in the second colour scheme only these need running again.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * WCAG rules axe marks experimental, which a run by tag leaves out: turned on, so they hold as the others
 * do. label-content-name-mismatch (WCAG 2.5.3): a control named by aria-label says its visible text too
 * ("Info for user 41" for a button showing Info), or speech input cannot reach it by what it shows.
 */
const EXPERIMENTAL_WCAG_RULES = { 'label-content-name-mismatch': { enabled: true } };

/**
 * Runs axe-core in the page and answers its violations. axe is put into the page once (a screen visited
 * inside the SPA keeps it) and asked for violations alone: the passes' details, which the test never
 * reads, cost as much again to gather. @axe-core/playwright's builder would inject axe anew on every call
 * and finish each run in a page of its own, which made the accessibility files the suite's slowest.
 */
async function runAxe(page: Page, runOnly: axe.RunOnly): Promise<axe.Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // A run by rule (the colour rules in the second scheme) runs those alone.
  const rules = runOnly.type === 'tag' ? EXPERIMENTAL_WCAG_RULES : {};
  return page.evaluate(
    async ({ only, rules }) => {
      const { axe: inPage } = window as unknown as { axe: typeof axe };
      return (await inPage.run(document, { runOnly: only, rules, resultTypes: ['violations'] })).violations;
    },
    { only: runOnly, rules },
  );
}

/**
 * Runs axe-core's WCAG 2.1 A/AA rules (or only `rules`) over the page once it has settled and fails with
 * a readable list of what is wrong. `context` names the screen in the failure message (e.g. "/signin,
 * dark"); `soft` records a failure and goes on, so one run names every screen that fails.
 */
export async function expectNoAxeViolations(
  page: Page,
  context = page.url(),
  { rules, soft = false }: { rules?: string[]; soft?: boolean } = {},
): Promise<void> {
  await settled(page);
  const violations = await runAxe(page, rules ? { type: 'rule', values: rules } : { type: 'tag', values: WCAG_TAGS });
  const count = violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
  const message = `${count} accessibility violation(s) on ${context}:\n${formatViolations(violations)}`;
  (soft ? expect.soft : expect)(count, message).toBe(0);
}

/**
 * Checks the page as it is in both colour schemes: every rule in the light scheme, then the colour
 * rules again in the dark one (the page follows the system's scheme, which the browser emulates), and
 * back to light. The page is left as it was found, so a test goes on from the same state.
 */
export async function expectAccessibleInBothSchemes(page: Page, context: string, { soft = false } = {}): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
    await expectNoAxeViolations(page, `${context}, ${scheme}`, { soft, rules: scheme === 'dark' ? COLOUR_RULES : undefined });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
