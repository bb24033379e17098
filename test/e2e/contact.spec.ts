import { shoot } from './support/screenshots.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { site } from '../../src/data/site.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { openPage } from './support/hydration.ts';

// This spec runs its own server, so that the form delivers to a webhook receiver it controls.
test.describe.configure({ mode: 'serial' });

let receiver: WebhookReceiver;
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-contact-e2e-'));
  server = await startServer({ DATABASE_URL: `sqlite:${path.join(dataDir, 'hostfront.db')}`, CONTACT_WEBHOOK_URL: receiver.url });
});

test.afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test.beforeEach(async ({ context }) => {
  // A returning visitor: the cookie banner has its answer and stays out of the way.
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
});

/** The fields of the form, by their labels. */
function fields(page: Page) {
  return {
    name: page.getByRole('textbox', { name: 'Name' }),
    email: page.getByRole('textbox', { name: 'Email' }),
    subject: page.getByRole('textbox', { name: 'Subject' }),
    message: page.getByRole('textbox', { name: 'Message' }),
    send: page.getByRole('button', { name: /Send Message|Sending\.\.\./ }),
  };
}

/** A toast (sonner's notifications region), by its text. */
function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text);
}

/** The webhook bodies the receiver accepted whose Subject field is `subject`. */
function arrivedWithSubject(subject: string) {
  return receiver.accepted().filter((r) => r.body.embeds[0].fields.some((f: { name: string; value: string }) => f.name === 'Subject' && f.value === subject));
}

test('the page shows the contact details, the team’s hours and the form', async ({ page }) => {
  await openPage(page, `${server.url}/contact`);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  const info = page.getByRole('complementary', { name: 'Contact information and business hours' });
  await expect(info.getByRole('link', { name: site.contact.email })).toHaveAttribute('href', `mailto:${site.contact.email}`);
  await expect(info.getByRole('link', { name: site.contact.phone })).toHaveAttribute('href', `tel:${site.contact.phoneHref}`);
  await expect(info).toContainText(`${site.contact.city}, ${site.contact.country}`);
  await expect(info.getByRole('heading', { name: 'Business hours' })).toBeVisible();
  // The hours the team set (here the default, docs/decisions.md 92), read at run time: no "24/7" they do not say.
  const hours = page.getByTestId('business-hours');
  await hours.scrollIntoViewIfNeeded();
  for (const day of [0, 6]) await expect(hours.getByRole('definition').nth(day)).toHaveText('10:00–22:00');
  await expect(hours.getByTestId('hours-summary')).toHaveText(/^(Open now|Closed now)$/);
  await expect(hours).toContainText('Times in Asia/Kolkata time.');
  await expect(page.locator('body')).not.toContainText('24/7');
  await expect(page.locator('body')).not.toContainText('Open 24 hours');
  await expect(page.locator('body')).not.toContainText('any time of day');
  await shoot(page, 'contact-hours');
  const form = fields(page);
  for (const field of [form.name, form.email, form.subject, form.message]) await expect(field).toHaveAttribute('required', '');
  await expect(form.email).toHaveAttribute('type', 'email');
  await expect(page.locator('#sent')).toBeHidden();
  await expectNoSeriousViolations(page, '/contact');
});

test('fill the form, send, see the toast, and the webhook receives it', async ({ page }) => {
  const subject = 'Apply Now: Support Engineer';
  await openPage(page, `${server.url}/contact?subject=${encodeURIComponent(subject)}`);
  const form = fields(page);
  await expect(form.subject).toHaveValue(subject);
  await form.name.fill('Asha Rao');
  await form.email.fill('asha@example.com');
  await form.message.fill('Hello!\nI would like to apply. @everyone');
  await expect(page.getByText('39 / 5,000 characters')).toBeVisible();

  // Hold the request a moment to see the sending state (it goes on to the real server).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  await form.send.click();
  await expect(form.send).toBeDisabled();
  await expect(form.send).toHaveText('Sending...');
  release();

  await expect(toast(page, 'Message sent successfully! We will get back to you soon.')).toBeVisible();
  await expect(form.send).toBeEnabled();
  await expect(form.send).toHaveText('Send Message');
  for (const field of [form.name, form.email, form.subject, form.message]) await expect(field).toHaveValue('');

  await receiver.waitFor(() => arrivedWithSubject(subject).length === 1);
  const [delivered] = arrivedWithSubject(subject);
  const embed = delivered!.body.embeds[0];
  expect(embed.fields).toEqual([
    { name: 'Name', value: 'Asha Rao', inline: true },
    { name: 'Email', value: 'asha@example.com', inline: true },
    { name: 'Subject', value: 'Apply Now: Support Engineer', inline: false },
  ]);
  expect(embed.description).toBe('Hello!\nI would like to apply. @everyone');
  expect(delivered!.body.allowed_mentions).toEqual({ parse: [] });
  // The success toast goes after 2 s.
  await expect(toast(page, 'Message sent successfully! We will get back to you soon.')).toBeHidden({ timeout: 4_000 });
});

test('field errors appear at their fields, described for assistive technology', async ({ page }) => {
  await openPage(page, `${server.url}/contact`);
  const form = fields(page);
  const before = receiver.requests.length;
  await form.name.fill('   ');
  await form.email.fill('asha@example');
  await form.send.click();
  await expect(form.name).toHaveAttribute('aria-invalid', 'true');
  await expect(form.name).toBeFocused();
  await expect(form.name).toHaveAccessibleDescription('Please enter your name.');
  await expect(form.email).toHaveAccessibleDescription('Please enter a valid e-mail address, like name@example.com.');
  await expect(form.subject).toHaveAccessibleDescription('Please enter a subject.');
  await expect(form.message).toHaveAccessibleDescription(/Please enter a message\. 0 \/ 5,000 characters/);
  await expectNoSeriousViolations(page, '/contact with field errors');
  // Fixing a field clears its error.
  await form.name.fill('Asha');
  await expect(form.name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Please enter your name.')).toHaveCount(0);
  expect(receiver.requests.length).toBe(before);
});

test('a send pressed before the form has loaded is sent once it has, on the first press', async ({ page }) => {
  // The form and its toasts load on the first touch (docs/decisions.md 143). React's chunk is held
  // here until after the press, as on a slow phone: the page holds the send and hands it over.
  let reactAsked = false;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/client\.[\w-]+\.js$/, async (route) => {
    reactAsked = true;
    await held;
    await route.continue();
  });
  await page.goto(`${server.url}/contact`, { waitUntil: 'networkidle' });
  expect(reactAsked).toBe(false);
  const island = page.locator('astro-island[component-export="ContactFormWithToasts"]');
  await expect(island).toHaveAttribute('ssr', '');
  const subject = 'Sent before the form had loaded';
  const form = fields(page);
  await form.name.fill('Quick Tapper');
  await form.email.fill('quick@example.com');
  await form.subject.fill(subject);
  await form.message.fill('Pressed Send at once.');
  expect(reactAsked).toBe(true);
  await form.send.click();
  // Held, not posted as plain HTML: still this page, nothing sent yet.
  await expect(page.locator('form[action="/api/contact"]')).toHaveAttribute('aria-busy', 'true');
  await expect(island).toHaveAttribute('ssr', '');
  expect(page.url()).toBe(`${server.url}/contact`);
  expect(arrivedWithSubject(subject)).toHaveLength(0);

  release();
  await expect(toast(page, 'Message sent successfully! We will get back to you soon.')).toBeVisible();
  await receiver.waitFor(() => arrivedWithSubject(subject).length === 1);
  expect(page.url()).toBe(`${server.url}/contact`);
  for (const field of [form.name, form.email, form.subject, form.message]) await expect(field).toHaveValue('');
  expect(arrivedWithSubject(subject)).toHaveLength(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts and lands on /contact?sent=1 with a success message', async ({ page }) => {
    await page.goto(`${server.url}/contact`);
    const form = fields(page);
    await form.name.fill('No Script Nia');
    await form.email.fill('nia@example.com');
    await form.subject.fill('Sent without JavaScript');
    await form.message.fill('Plain HTML form post.');
    await form.send.click();
    await expect(page).toHaveURL(`${server.url}/contact?sent=1#sent`);
    await expect(page.locator('#sent')).toBeVisible();
    await expect(page.locator('#sent')).toContainText('Message sent successfully! We will get back to you soon.');
    await receiver.waitFor(() => arrivedWithSubject('Sent without JavaScript').length === 1);
  });

  test('mistakes come back as the form, filled in, with the errors at their fields', async ({ page }) => {
    await page.goto(`${server.url}/contact`);
    const form = fields(page);
    await form.name.fill('  ');
    await form.email.fill('nia@example.com');
    await form.subject.fill('Second try without JavaScript');
    await form.message.fill('Keep my text, please.');
    const [response] = await Promise.all([page.waitForResponse(`${server.url}/api/contact`), form.send.click()]);
    expect(response.status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText('Your message was not sent');
    await expect(form.name).toHaveAttribute('aria-invalid', 'true');
    await expect(form.name).toHaveAccessibleDescription('Please enter your name.');
    await expect(form.subject).toHaveValue('Second try without JavaScript');
    await expect(form.message).toHaveValue('Keep my text, please.');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('footer')).toContainText(site.contact.email);
    await form.name.fill('Nia');
    await form.send.click();
    await expect(page).toHaveURL(`${server.url}/contact?sent=1#sent`);
    await receiver.waitFor(() => arrivedWithSubject('Second try without JavaScript').length === 1);
  });
});

// Last: it uses up this address's allowance on this server.
test('a refused message toasts the failure and says why', async ({ page }) => {
  await openPage(page, `${server.url}/contact`);
  // Use up the allowance of 5 messages in 10 minutes from this address.
  for (let i = 0; i < 6; i++) {
    const response = await page.request.post(`${server.url}/api/contact`, {
      data: { name: 'Filler', email: 'filler@example.com', subject: `Filler ${i}`, message: 'Filling the allowance.' },
    });
    if (response.status() === 429) break;
  }
  const form = fields(page);
  await form.name.fill('Asha Rao');
  await form.email.fill('asha@example.com');
  await form.subject.fill('One too many');
  await form.message.fill('This one is refused.');
  await form.send.click();
  await expect(toast(page, 'Failed to send message. Please try again or contact us directly.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Too many messages' })).toBeVisible();
  // Nothing was lost from the form, so the visitor can send it later.
  await expect(form.message).toHaveValue('This one is refused.');
  await expect(form.send).toBeEnabled();
});
