import { expect, test } from '@playwright/test';

/**
 * The contact form without JavaScript: the post is answered by a redirect to /contact?sent=1#sent.
 * The page lands scrolled to the notice: the header must be opaque (its scroll tint is a script's)
 * and the notice must stop below it, at a phone's width and a desktop's.
 */
test.use({ javaScriptEnabled: false });

for (const width of [390, 1366]) {
  test(`at ${width} px, after a post without JavaScript the header is opaque and the sent notice is below it`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/contact');
    await page.getByRole('textbox', { name: 'Name' }).fill('No Script');
    await page.getByRole('textbox', { name: 'Email' }).fill('noscript@example.com');
    await page.getByRole('textbox', { name: 'Subject' }).fill(`Sent without JavaScript at ${width}`);
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello from a browser that runs no scripts.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1#sent$/);
    const notice = page.locator('#sent');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Message sent successfully!');
    const header = page.locator('#site-header');
    const background = await header.evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    expect(Number(/[\d.]+(?=\)$)/.exec(background)?.[0] ?? 1)).toBeGreaterThan(0.5);
    const [headerBox, noticeBox] = [(await header.boundingBox())!, (await notice.boundingBox())!];
    // Scrolled to the notice, which is whole and below the navigation.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(noticeBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    await page.screenshot({ path: `/tmp/walkthrough-contact-sent-noscript-${width}.png` });
  });
}
