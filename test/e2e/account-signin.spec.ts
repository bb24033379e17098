import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { freePort } from '../helpers/free-port.ts';
import { type OidcPortal, startOidcPortal } from '../helpers/oidc-portal.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { expectNoSeriousViolations, scanAtRest } from './support/a11y.ts';
import { openPage } from './support/hydration.ts';
import { screenshotDir } from './support/screenshots.ts';

// Customers sign in through the billing portal (oidc-provider on loopback, its own login form)
// and by e-mail link (a real SMTP inbox), in Chromium, on a phone's width and a laptop's.

test.describe('customer sign-in in the browser', () => {
  let server: ServerProcess;
  let inbox: SmtpInbox;
  let portal: OidcPortal;
  let dir: string;
  let origin: string;

  test.beforeAll(async () => {
    const port = await freePort();
    // The browser opens the site by its host name, as PUBLIC_URL says (passkeys and cookies follow it).
    origin = `http://localhost:${port}`;
    inbox = await startSmtpInbox();
    portal = await startOidcPortal({ redirectUri: `${origin}/api/account/oidc/callback`, name: 'Example Billing' });
    for (const width of [390, 1366]) {
      portal.accounts.set(`client-${width}`, { sub: `client-${width}`, email: `player${width}@example.com`, email_verified: true, name: `Player ${width}` });
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-account-e2e-'));
    server = await startServer({ DATABASE_URL: `sqlite:${path.join(dir, 'account.db')}`, SMTP_URL: inbox.url, PUBLIC_URL: origin, ...portal.env }, { port });
  });
  test.afterAll(async () => {
    await server?.stop();
    await inbox?.close();
    await portal?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Reads who the header says is signed in: the account button (wide) or the menu's line (phone). */
  async function expectSignedInAs(page: Page, name: string, width: number) {
    const header = page.locator('#site-header');
    if (width < 768) {
      await header.getByRole('button', { name: 'Open menu' }).click();
      await expect(header.locator('[data-account-mobile]')).toContainText(name);
      await expect(header.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
      await header.getByRole('button', { name: 'Close menu' }).click();
    } else {
      const toggle = header.getByRole('button', { name: `Account: ${name}` });
      await expect(toggle).toBeVisible();
      await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
      await toggle.click();
      await expect(header.getByRole('link', { name: 'Your account and passkeys' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    }
  }

  for (const width of [390, 1366]) {
    test(`signs in through the portal and by e-mail link at ${width} px, and signs out`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      if (screenshotDir) await page.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
      await page.emulateMedia({ reducedMotion: 'reduce' });

      // From the header's Login to the sign-in page, which offers the portal, a link and a passkey.
      await openPage(page, `${origin}/`);
      if (width < 768) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.locator('#site-header').getByRole('link', { name: 'Login' }).locator('visible=true').click();
      await expect(page).toHaveURL(`${origin}/account/signin`);
      const portalButton = page.getByRole('link', { name: 'Sign in with Example Billing' });
      await expect(portalButton).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Create an account at Example Billing' })).toHaveAttribute('href', portal.issuer);
      await expectNoSeriousViolations(page, `/account/signin at ${width}`);
      if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `account-signin-${width}.png`), fullPage: true });

      // Through the portal: its own page, then back to the Control Panel, signed in.
      const started = Date.now();
      await portalButton.click();
      await expect(page).toHaveURL(new RegExp(`^${portal.issuer}/interaction/`));
      await page.getByLabel('Account').selectOption(`client-${width}`);
      const callbackAt = page.waitForRequest((request) => request.url().startsWith(`${origin}/api/account/oidc/callback`)).then(() => Date.now());
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(`${origin}/control-panel`);
      // The figure asked for: from the portal's redirect to our callback until "My servers" is shown.
      await expect(page.getByRole('heading', { name: 'My servers' })).toBeVisible();
      const shownMs = Date.now() - (await callbackAt);
      console.info(`portal callback to "My servers" shown at ${width} px: ${shownMs} ms`);
      test.info().annotations.push({ type: 'callback to My servers', description: `${shownMs} ms` });
      await expectSignedInAs(page, `Player ${width}`, width);
      if (screenshotDir && width > 768) {
        await page
          .locator('#site-header')
          .getByRole('button', { name: `Account: Player ${width}` })
          .click();
        await page.screenshot({ path: path.join(screenshotDir, `account-menu-${width}.png`) });
        await page.keyboard.press('Escape');
      }
      test.info().annotations.push({ type: 'portal sign-in', description: `${Date.now() - started} ms from the portal button to the signed-in header` });

      // The account page, then sign out (the session ends on the server).
      await openPage(page, `${origin}/account`);
      await expect(page.getByText(`player${width}@example.com`)).toBeVisible();
      await scanAtRest(page, `/account at ${width}`);
      if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `account-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Sign out', exact: true }).last().click();
      await expect(page).toHaveURL(`${origin}/account/signin`);
      await expect(page.getByRole('link', { name: 'Sign in with Example Billing' })).toBeVisible();

      // By e-mail link: the form, the mail, the link's page and its button.
      const email = `player${width}@example.com`;
      await page.getByLabel('E-mail address').fill(email);
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await expect(page.getByRole('status')).toContainText('a sign-in link is on its way');
      await inbox.waitFor((i) => i.to(email).length === 1);
      const link = linkIn(inbox.to(email)[0]!.text, `${origin}/account/link#`)!;
      await openPage(page, link);
      await expectNoSeriousViolations(page, `/account/link at ${width}`);
      if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `account-link-${width}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(`${origin}/control-panel`);
      await expectSignedInAs(page, `Player ${width}`, width);

      // The same link again: refused, with a way to a new one.
      await openPage(page, link);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toContainText('already used');
      await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    });
  }
});
