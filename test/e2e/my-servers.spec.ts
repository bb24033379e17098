import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { ownedServersFile } from '../helpers/owned-servers.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { scanAtRest } from './support/a11y.ts';
import { signInByMail } from './support/customer-sign-in.ts';
import { waitForHydration } from './support/hydration.ts';

/**
 * "My servers" in a browser (docs/decisions.md 80-82): customers signed in by an e-mail link
 * (a real SMTP inbox) see only their own servers, a deep link opens one, and an owner shares a
 * server with console only (the invited person follows the invitation mail's link to it), then
 * removes that person while their console is open. Screenshots
 * at 390 and 1366 px go to SCREENSHOT_DIR when it is set.
 */

const screenshotDir = process.env.SCREENSHOT_DIR;

/** axe at a phone's width and a laptop's, then back to the page's own size. */
async function scanAtBothWidths(page: Page, label: string): Promise<void> {
  const size = page.viewportSize()!;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await scanAtRest(page, `${label} at ${width} px`);
  }
  await page.setViewportSize(size);
}

async function shootAt(page: Page, name: string): Promise<void> {
  if (!screenshotDir) return;
  // The cookie banner would cover the lists.
  const decline = page.getByRole('button', { name: 'Decline All' });
  if (await decline.isVisible()) await decline.click();
  const size = page.viewportSize()!;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    // Fixed wait: the layout settles after the resize before the optional screenshot (no frame event in a hidden page).
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${screenshotDir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

test.describe('My servers', () => {
  test.describe.configure({ mode: 'serial' });
  let database: TestDatabase;
  let server: ServerProcess;
  let inbox: SmtpInbox;
  let servers: ReturnType<typeof ownedServersFile>;
  let origin: string;

  test.beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    inbox = await startSmtpInbox();
    servers = ownedServersFile({ 'test-mc': { owner: 'alice@example.test', location: 'Mumbai' }, 'tools-mc': { owner: 'bob@example.test' } });
    const port = await freePort();
    origin = `http://localhost:${port}`;
    server = await startServer({ DATABASE_URL: database.url, PUBLIC_URL: origin, SMTP_URL: inbox.url, LOCAL_SERVERS_FILE: servers.file }, { port });
  });

  test.afterAll(async () => {
    await server?.stop();
    await inbox?.close();
    await database?.drop();
    servers?.remove();
  });

  const signIn = (context: BrowserContext, email: string) => signInByMail(context, inbox, origin, email);

  test('two customers each see only their own servers, and a deep link opens one', async ({ browser }) => {
    const alice = await browser.newContext({ baseURL: origin, viewport: { width: 1366, height: 900 } });
    const bob = await browser.newContext({ baseURL: origin });
    await signIn(alice, 'alice@example.test');
    await signIn(bob, 'bob@example.test');

    const page = await alice.newPage();
    const started = Date.now();
    await page.goto('/control-panel');
    const card = page.getByRole('article', { name: 'Fixture Survival' });
    await expect(card).toBeVisible();
    console.info(`sign-in to "My servers" shown: ${Date.now() - started} ms`);
    await expect(page.getByRole('heading', { name: 'My servers' })).toBeVisible();
    await expect(card).toContainText('1 GB memory · 2 GB disk · 100% CPU');
    await expect(page.getByRole('article', { name: 'Fixture Creative' })).toHaveCount(0);
    await waitForHydration(page);
    await scanAtBothWidths(page, 'my servers');
    await shootAt(page, 'my-servers');

    const bobsPage = await bob.newPage();
    await bobsPage.goto('/control-panel');
    await expect(bobsPage.getByRole('article', { name: 'Fixture Creative' })).toBeVisible();
    await expect(bobsPage.getByRole('article', { name: 'Fixture Survival' })).toHaveCount(0);
    // Bob's deep link to Alice's server opens nothing, as for a server that does not exist.
    await bobsPage.goto('/control-panel?server=test-mc');
    await expect(bobsPage.getByText('There is no server with that ID on your account.').first()).toBeVisible();

    await page.goto('/control-panel?server=test-mc');
    await expect(page.getByRole('heading', { name: 'Fixture Survival', level: 2 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'My servers' }).click();
    await expect(page.getByRole('heading', { name: 'My servers' })).toBeVisible();
    await alice.close();
    await bob.close();
  });

  test('a deep link opened while the page still asks about the session before keeps the one it opened', async ({ browser }) => {
    const alice = await browser.newContext({ baseURL: origin });
    await alice.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
    await signIn(alice, 'alice@example.test');
    const page = await alice.newPage();
    await page.goto('/control-panel');
    await page.getByRole('article', { name: 'Fixture Survival' }).getByRole('button', { name: 'Open Fixture Survival' }).click();
    await expect(page.getByRole('heading', { name: 'Fixture Survival', level: 2 })).toBeVisible();

    // The next page asks about the session it had and opens its deep link at once. The order
    // that closed the page on a loaded machine is forced: the deep link's open is sent, then the
    // answer about the old session arrives, then the open goes through (ending the old session).
    // The page must end on the session it opened, with its console live, not back on the list.
    let openSeen!: () => void;
    const openSent = new Promise<void>((resolve) => {
      openSeen = resolve;
    });
    let releaseOpen!: () => void;
    const openReleased = new Promise<void>((resolve) => {
      releaseOpen = resolve;
    });
    await page.route('**/api/panel/my-servers/test-mc/open', async (route) => {
      openSeen();
      await openReleased;
      await route.continue();
    });
    await page.route(
      '**/api/panel/session',
      async (route) => {
        // Asked now, with the old session's cookie; answered once the open has been sent.
        const answer = await route.fetch();
        await openSent;
        await route.fulfill({ response: answer });
      },
      { times: 1 },
    );
    const sockets: { url: string; closed: boolean }[] = [];
    page.on('websocket', (socket) => {
      const entry = { url: socket.url(), closed: false };
      sockets.push(entry);
      socket.on('close', () => {
        entry.closed = true;
      });
    });
    const oldAnswer = page.waitForResponse((response) => response.url().endsWith('/api/panel/session'));
    await page.goto('/control-panel?server=test-mc');
    await oldAnswer;
    // The old answer is handled (a frame later) before the open goes through.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    const opened = page.waitForResponse((response) => response.url().endsWith('/api/panel/my-servers/test-mc/open'));
    releaseOpen();
    expect((await opened).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Fixture Survival', level: 2 })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    // A request from the page on its session, after everything above was handled.
    expect(await page.evaluate(() => fetch('/api/panel/server').then((answer) => answer.status))).toBe(200);
    await expect(page.getByRole('region', { name: 'My servers' })).toHaveCount(0);
    expect(sockets.filter((socket) => socket.closed)).toEqual([]);
    await alice.close();
  });

  test('an owner shares with console only, then removes that person while their console is open', async ({ browser }) => {
    const alice = await browser.newContext({ baseURL: origin, viewport: { width: 1366, height: 900 } });
    await signIn(alice, 'alice@example.test');
    const page = await alice.newPage();
    await page.goto('/control-panel');
    await waitForHydration(page);
    const card = page.getByRole('article', { name: 'Fixture Survival' });
    await card.getByRole('button', { name: 'Share Fixture Survival' }).click();
    const sharing = page.getByRole('region', { name: 'Sharing Fixture Survival' });
    await sharing.getByLabel('Invite by e-mail').fill('carol@example.test');
    await expect(sharing.getByRole('group', { name: 'They may use' }).getByLabel('Console (see it and send commands)')).toBeChecked();
    await sharing.getByRole('button', { name: 'Invite' }).click();
    await expect(sharing.getByRole('group', { name: 'What carol@example.test may use' })).toBeVisible();
    await expect(sharing.getByRole('status')).toContainText('An invitation mail with a sign-in link is on its way.');
    await scanAtBothWidths(page, 'sharing');
    await shootAt(page, 'sharing');

    // Carol follows the invitation: its link, the sign-in page, her e-mail link, and the server opens.
    await inbox.waitFor((i) => i.to('carol@example.test').length > 0);
    const invitation = inbox.to('carol@example.test')[0]!;
    expect(invitation.text).toContain('alice@example.test shared the game server "Fixture Survival" (ID test-mc) with you');
    const carol = await browser.newContext({ baseURL: origin });
    const carolsPage = await carol.newPage();
    await carolsPage.goto(linkIn(invitation.text, `${origin}/account/signin?`)!);
    await waitForHydration(carolsPage);
    await carolsPage.getByLabel('E-mail address').fill('carol@example.test');
    await carolsPage.getByRole('button', { name: 'Send me a link' }).click();
    await expect(carolsPage.getByRole('status')).toContainText('a sign-in link is on its way');
    await inbox.waitFor((i) => i.to('carol@example.test').length > 1);
    await carolsPage.goto(linkIn(inbox.to('carol@example.test').at(-1)!.text, `${origin}/account/link#`)!);
    await carolsPage.getByRole('button', { name: 'Sign in' }).click();
    // The sign-in goes on to the invitation's deep link, which the panel opens and then takes out of
    // the address (so going back to the list does not open it again): the server's view proves it.
    await expect(carolsPage).toHaveURL(/\/control-panel(\?server=test-mc)?$/);
    await expect(carolsPage.getByRole('heading', { name: 'Fixture Survival', level: 2 })).toBeVisible();
    await expect(carolsPage.getByText('Shared with you: console')).toBeVisible();
    await expect(carolsPage.getByRole('button', { name: 'Start', exact: true })).toHaveCount(0);
    const consoleInput = carolsPage.getByRole('textbox', { name: /command/i });
    await expect(consoleInput).toBeVisible();
    await shootAt(carolsPage, 'shared-console');

    // Alice removes Carol: Carol's console closes and the page goes back to her (now empty) list.
    await sharing.getByRole('button', { name: 'Remove carol@example.test' }).click();
    await expect(sharing.getByText('Nobody yet.')).toBeVisible();
    await expect(carolsPage.getByText('Nobody has shared a server with you.')).toBeVisible({ timeout: 15_000 });
    const next = await carol.request.get(`${origin}/api/panel/server`);
    expect(next.status()).toBe(401);
    await alice.close();
    await carol.close();
  });
});
