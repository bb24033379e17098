import type { Page } from '@playwright/test';

/**
 * Waits until every React island on the page has hydrated (Astro removes the `ssr` attribute
 * then), so a test does not type into server-rendered HTML that React has not taken over yet.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // client:visible islands hydrate only once scrolled to, client:interaction ones on the first touch
  // (docs/decisions.md 88); a test that uses one waits for it itself.
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client="visible"]):not([client="interaction"])').length === 0, undefined, {
    timeout: 15_000,
  });
}

/** Opens a path and waits for its islands. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}
