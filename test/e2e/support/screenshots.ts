import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Set SCREENSHOT_DIR=<dir> to keep the specs' screenshots (for reviewing screens and for closing notes). */
export const screenshotDir = process.env.SCREENSHOT_DIR;

/** A full-page screenshot at 390 px (a phone) and at 1280 px, as `<name>-<width>.png`; nothing without SCREENSHOT_DIR. */
export async function shoot(page: Page, name: string): Promise<void> {
  if (!screenshotDir) return;
  fs.mkdirSync(screenshotDir, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    // Fixed wait: the layout settles after the resize before the optional screenshot (no frame event in a hidden page).
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/** A part of the page (a console card) at 390 and 1366 px, as `<name>-<width>.png`; nothing without SCREENSHOT_DIR. */
export async function shootCard(page: Page, card: Locator, name: string): Promise<void> {
  if (!screenshotDir) return;
  fs.mkdirSync(screenshotDir, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`) });
  }
  await page.setViewportSize(size);
}

/**
 * What a visitor sees at 1366 × 900 and at 390 × 844 (no full page), with `focus` scrolled into
 * view if given, as `<name>-<width>.png`; the page gets its size back. Nothing without SCREENSHOT_DIR.
 */
export async function shootScreen(page: Page, name: string, focus?: Locator): Promise<void> {
  if (!screenshotDir) return;
  fs.mkdirSync(screenshotDir, { recursive: true });
  const size = page.viewportSize()!;
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await focus?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`) });
  }
  await page.setViewportSize(size);
}
