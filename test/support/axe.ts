import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The rules the portal is held to (issue point 18): WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One line per failing element: rule, impact, selector and axe's own summary (e.g. the contrast ratio). */
export function formatViolations(violations: AxeResults['violations']): string {
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
 * Runs axe-core's WCAG 2.1 A/AA rules over the page once it has settled and fails with a readable list
 * of what is wrong. `context` names the screen in the failure message (e.g. "/signin, dark").
 */
export async function expectNoAxeViolations(page: Page, context = page.url()): Promise<void> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const count = violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
  expect(count, `${count} accessibility violation(s) on ${context}:\n${formatViolations(violations)}`).toBe(0);
}
