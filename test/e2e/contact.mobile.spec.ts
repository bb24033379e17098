import { expect, test } from '@playwright/test';
import { openPage } from './support/hydration.ts';

test('the contact page fits a phone: form first, nothing wider than the screen', async ({ page }) => {
  await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
  await openPage(page, '/contact?subject=Partnership%20Guide');
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  const form = page.getByRole('form', { name: 'Send us a message' });
  const info = page.getByRole('complementary', { name: 'Contact information and business hours' });
  const formBox = (await form.boundingBox())!;
  const infoBox = (await info.boundingBox())!;
  expect(formBox.y).toBeLessThan(infoBox.y);
  expect(formBox.width).toBeGreaterThan(widths[1]! * 0.7);
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('Partnership Guide');
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveAttribute('autocomplete', 'email');
  await page.getByRole('button', { name: 'Send Message' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeInViewport();
});

test('/contact?sent=1 shows the success message', async ({ page }) => {
  await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
  await openPage(page, '/contact');
  await expect(page.locator('#sent')).toBeHidden();
  await openPage(page, '/contact?sent=1');
  await expect(page.locator('#sent')).toBeVisible();
  await expect(page.locator('#sent')).toContainText('Message sent successfully! We will get back to you soon.');
});
