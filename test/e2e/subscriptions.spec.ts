import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../server/db/database.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { incidentPayload, quietMonitorsFile, writeEvent } from '../server/subscription-fixtures.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { openPage } from './support/hydration.ts';

/** The confirm or unsubscribe page link in a mail's text (PUBLIC_URL defaults to http://localhost:PORT). */
function linkTo(text: string, page: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`http://localhost:\\d+/network-status/${page}#token=[\\w-]{43}`).exec(text);
  expect(match, `a ${page} link in:\n${text}`).not.toBeNull();
  return match![0];
}

/** Where the screenshots for the closing note go (looked at by hand, not compared); the cookie banner answered first. */
import { screenshotDir as shots } from './support/screenshots.ts';
test.beforeEach(async ({ page }) => {
  if (shots) await page.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
});

test.describe('status subscriptions in the browser', () => {
  let server: ServerProcess;
  let inbox: SmtpInbox;
  let dir: string;

  test.beforeAll(async () => {
    inbox = await startSmtpInbox();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-subscribe-e2e-'));
    server = await startServer({ DATABASE_URL: `sqlite:${path.join(dir, 'subscribe.db')}`, SMTP_URL: inbox.url, MONITORS_FILE: quietMonitorsFile() });
  });
  test.afterAll(async () => {
    await server?.stop();
    await inbox?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function openForm(page: import('@playwright/test').Page) {
    await openPage(page, `${server.url}/network-status`);
    const form = page.getByRole('region', { name: 'Get notified' });
    await form.scrollIntoViewIfNeeded();
    // client:visible: hydrated once on screen, and the monitors come from the API.
    await expect(form.getByRole('radio', { name: 'Only the services I choose' })).toBeEnabled();
    return form;
  }

  test('subscribe on the board, confirm from the mail’s link, get the incident, unsubscribe in one click', async ({ page }) => {
    const form = await openForm(page);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText('Please enter your e-mail address.')).toBeVisible();
    await expect(form.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('E-mail address')).toBeFocused();

    await form.getByLabel('E-mail address').fill('player@example.com');
    await form.getByRole('radio', { name: 'Only the services I choose' }).check();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText('Choose at least one service, or every service.')).toBeVisible();
    await form.getByRole('checkbox', { name: 'Edge - 01' }).check();
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toHaveText(/we sent a confirmation link to that address/);
    await expect(form.getByLabel('E-mail address')).toHaveValue('');
    // The pointer off the button: a hovered primary button is the button style's own business.
    await page.mouse.move(0, 0);
    await expectNoSeriousViolations(page, '/network-status subscribe form');
    if (shots) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await form.scrollIntoViewIfNeeded();
        await form.screenshot({ path: path.join(shots, `subscribe-form-${width}.png`) });
      }
    }

    await inbox.waitFor((i) => i.to('player@example.com').length === 1);
    const confirmation = inbox.to('player@example.com')[0]!;
    const confirmLink = linkTo(confirmation.text, 'confirm');
    await openPage(page, confirmLink);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
    // Opening the page confirms nothing (mail scanners open links); the button does.
    await expectNoSeriousViolations(page, '/network-status/confirm');
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByRole('status')).toHaveText(/Confirmed\..*Notifications cover: Edge - 01\./);

    const db = openDatabase(`sqlite:${path.join(dir, 'subscribe.db')}`).db;
    try {
      await writeEvent(db, 'incident.created', incidentPayload({ title: 'Edge routers unreachable' }));
      await inbox.waitFor((i) => i.to('player@example.com').length === 2, 20_000);
      const notice = inbox.to('player@example.com')[1]!;
      expect(notice.headers.get('subject')).toBe('[Hostfront status] New incident: Edge routers unreachable');
      expect(notice.headers.get('list-unsubscribe')).toMatch(/^<http:\/\/localhost:\d+\/api\/status\/subscriptions\/one-click\?token=[\w-]{43}>$/);
      expect(notice.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

      await openPage(page, linkTo(notice.text, 'unsubscribe'));
      await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
      await expectNoSeriousViolations(page, '/network-status/unsubscribe');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('status')).toHaveText('You are unsubscribed: no more status notifications will be sent there.');
      expect(await db.selectFrom('subscription').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  test('a link opened without its token says so and offers nothing to press', async ({ page }) => {
    await openPage(page, `${server.url}/network-status/unsubscribe`);
    await expect(page.getByRole('alert')).toHaveText('This link is incomplete. Open it again from the message, whole.');
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  });
});

test.describe('the "Get notified" form on a site without e-mail', () => {
  test('shows the webhook chosen from its first paint, promises no e-mail, and has nothing to send before its choices load', async ({ page }) => {
    // Every state the form's channel choice is ever drawn in, from the built HTML on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { channelsSeen: string[] }).channelsSeen = seen;
      new MutationObserver(() => {
        const checked = document.querySelector<HTMLInputElement>('input[name="channel"]:checked');
        if (checked && seen.at(-1) !== checked.value) seen.push(checked.value);
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    // The choices answer late (a slow link): until then the form offers nothing to fill in or send.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/status/subscriptions/', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/network-status');
    const form = page.getByRole('region', { name: 'Get notified' });
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByTestId('subscribe-loading')).toHaveText('Loading the notification choices…');
    await expect(form.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);
    await expect(form.getByRole('textbox')).toHaveCount(0);
    await expect(form).not.toContainText(/e-mail/i);
    release();

    await expect(form.getByRole('radio', { name: 'Discord or Slack webhook' })).toBeChecked();
    await expect(form.getByRole('radio', { name: 'E-mail' })).toBeDisabled();
    await expect(form.getByText('E-mail notifications are not available on this site; use a webhook.')).toBeVisible();
    await expect(form.locator('p').first()).toHaveText('Hear about incidents and planned maintenance as they happen, where you choose below.');
    expect(await page.evaluate(() => (window as unknown as { channelsSeen: string[] }).channelsSeen)).toEqual(['webhook']);

    // Sent with a mistake, it says so at the field (never silently nothing).
    await form.getByLabel('Webhook URL').fill('not a url');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByLabel('Webhook URL')).toHaveAttribute('aria-invalid', 'true');
  });
});
