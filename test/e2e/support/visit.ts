import type { Page, Response } from '@playwright/test';
import { waitForHydration } from './hydration.ts';

/**
 * Opens a path and makes every island hydrate, including client:visible ones below the fold:
 * scrolls down the page in screen-sized steps, back to the top, then waits for hydration.
 */
export async function visit(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  // Timers, not animation frames: a page Chromium deems hidden gets no frames and would hang here.
  await page.evaluate(async () => {
    const step = Math.max(200, window.innerHeight * 0.8);
    const deadline = Date.now() + 5000;
    for (let y = 0; y < document.documentElement.scrollHeight && Date.now() < deadline; y += step) {
      window.scrollTo(0, y);
      // Fixed wait: paces the scroll so lazily loaded parts see each position (timers, as above).
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
  });
  await waitForHydration(page);
  return response;
}
