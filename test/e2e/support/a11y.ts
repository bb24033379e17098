import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { visit } from './visit.ts';

/**
 * Checks a page with axe-core (WCAG 2.x A/AA and best practices): no serious or critical violation.
 *
 * axe runs in the page itself (`setLegacyMode`: `axe.run` there, same-origin frames included)
 * rather than in parts finished in a second, blank tab, and keeps whole lists of violations only
 * (`resultTypes`: passes and the rest are cut to one node each, which nothing here reads). Our
 * pages have no cross-origin frame, the one thing the other mode reaches; the violations found
 * are the same, node for node, and a scan takes about a third of the time (docs/decisions.md 153).
 */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 3).join(' ')}`).join('\n')}`,
    );
  expect(serious, serious.join('\n')).toEqual([]);
}

/**
 * axe over the page as it rests: the pointer moved off the button just clicked (the shared
 * primary button's hover colour is the UI primitives' concern, checked on their own pages).
 */
export async function scanAtRest(page: Page, label: string): Promise<void> {
  await page.mouse.move(0, 0);
  await expectNoSeriousViolations(page, label);
}

/**
 * Opens a route, waits until every animation or transition that ends has ended (entrance
 * animations fade cards in; with reduced motion they are off, and a transition lasts 0.01 ms;
 * endless ones such as a live dot's pulse never end), then checks it.
 */
export async function scanRoute(page: Page, path: string): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await visit(page, path);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  await expectNoSeriousViolations(page, path);
}
