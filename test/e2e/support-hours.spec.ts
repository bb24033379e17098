import { expect, test } from '@playwright/test';
import { scanAtRest } from './support/a11y.ts';
import { openPage } from './support/hydration.ts';
import { shoot } from './support/screenshots.ts';

/**
 * The team's hours on the pages that speak of availability (docs/decisions.md 92): the home
 * page's support block and the help assistant read them from the API at run time (here the
 * default hours, every day 10:00–22:00 India time), and nothing says "24/7" the hours do not say.
 * The hours' line keeps its height, so the block does not move when they arrive.
 */

for (const width of [390, 1366]) {
  test(`the home page and the help assistant say the team’s hours, never 24/7, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await openPage(page, '/');
    const block = page.locator('section[aria-labelledby="support-heading"]');
    const line = block.getByTestId('support-hours');
    await line.scrollIntoViewIfNeeded();
    const before = await line.boundingBox();
    await expect(line).toHaveAttribute('data-ready', 'true');
    await expect(line).toContainText('Our team answers every day 10:00–22:00 (Asia/Kolkata time)');
    await expect(line).toContainText(/we are in now|Back .+ your time: we answer then/);
    const after = await line.boundingBox();
    // No layout shift: the line was as tall before the hours arrived.
    expect(after!.height).toBe(before!.height);
    expect(after!.y).toBe(before!.y);
    await expect(block).not.toContainText('24/7');
    await expect(block).not.toContainText('in seconds');
    await shoot(page, `home-support-hours-${width}`);

    await block.getByRole('button', { name: 'Live Chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Help Assistant' });
    await expect(dialog).toBeVisible();
    await expect(dialog).not.toContainText('24/7');
    await dialog.getByRole('button', { name: 'Talk to a person' }).click();
    // Nobody is available for chat in this run: the form says when the team answers.
    await expect(dialog.getByTestId('support-hours')).toContainText('10:00–22:00');
    // Never "we are in now" under "Nobody from our team is available right now".
    await expect(dialog.getByTestId('support-hours')).not.toContainText('we are in now');
    await scanAtRest(page, 'the help assistant with the hours');
    await shoot(page, `assistant-hours-${width}`);
  });
}
