import { expect, type Page, test } from '@playwright/test';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';

/**
 * /control-panel's and /minecraft-tools' islands load with client:customer (docs/decisions.md 124,
 * 143): a new visitor on a site that offers sign-in gets the signed-out panel as HTML and no React
 * until they touch it; a browser that brings a customer (the hint cookie) or a remembered server,
 * and a site without sign-in, run the panel at load. The site here offers sign-in by e-mail link (a real SMTP inbox).
 */

const react = /\/_astro\/client\.[\w-]+\.js$/;

/** The site's own scripts the page fetched until the network is quiet and idle callbacks ran. */
async function scriptsAtLoad(page: Page, url: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
  await page.waitForLoadState('networkidle');
  return scripts;
}

const panelIsland = (page: Page) => page.locator('astro-island[component-export="ControlPanel"]');

test.describe('control panel JavaScript', () => {
  test.describe.configure({ mode: 'serial' });
  let database: TestDatabase;
  let server: ServerProcess;
  let inbox: SmtpInbox;
  let origin: string;

  test.beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    inbox = await startSmtpInbox();
    const port = await freePort();
    origin = `http://localhost:${port}`;
    server = await startServer({ DATABASE_URL: database.url, PUBLIC_URL: origin, SMTP_URL: inbox.url }, { port });
  });

  test.afterAll(async () => {
    await server?.stop();
    await inbox?.close();
    await database?.drop();
  });

  for (const width of [390, 1366]) {
    test(`a new visitor at ${width} px sees the signed-out panel with no React until they touch it`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const scripts = await scriptsAtLoad(page, `${origin}/control-panel`);
      expect(scripts.filter((s) => react.test(s))).toEqual([]);
      await expect(panelIsland(page)).toHaveAttribute('ssr', '');
      // What the visitor sees is there as HTML: the tabs, the sign-in card and its link, the form's summary.
      await expect(page.getByRole('tab', { name: /Game Panel/ })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { name: 'Your servers, one sign-in away' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account/signin?returnTo=%2Fcontrol-panel');
      await expect(page.getByText('Checking your connection…')).toHaveCount(0);

      // The first touch runs the panel: React takes over the same HTML, and the form answers.
      await page.getByText('Connect with a Server ID and access key instead').click();
      await expect(panelIsland(page)).not.toHaveAttribute('ssr');
      await page.getByLabel('Server ID').fill('test-mc');
      await page.getByRole('button', { name: /^Connect/ }).click();
      await expect(page.getByText('Enter the access key of your server.')).toBeVisible();
      // The toasts started with it, so a failure's toast shows.
      await expect(page.locator('astro-island[component-export="Toaster"]')).not.toHaveAttribute('ssr');
      await page.getByLabel('Access key').fill('wrong-key');
      await page.getByRole('button', { name: /^Connect/ }).click();
      await expect(page.getByText('Failed to fetch server details')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your servers, one sign-in away' })).toBeVisible();
    });
  }

  test('what a new visitor types and sends while React loads is kept and sent once it runs, never put in an address', async ({ page }) => {
    // React's runtime is held back until the visitor has typed and pressed Enter, as on a slow phone.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(react, async (route) => {
      await held;
      await route.continue();
    });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(`${request.method()} ${request.url()}`));
    await page.goto(`${origin}/control-panel`);
    await page.getByText('Connect with a Server ID and access key instead').click();
    await page.getByLabel('Server ID').fill('test-mc');
    await page.getByLabel('Access key').fill('wrong-key');
    await page.getByLabel('Access key').press('Enter');
    // Still the page's HTML, still at its address: the browser did not send the form itself.
    await expect(panelIsland(page)).toHaveAttribute('ssr', '');
    expect(page.url()).toBe(`${origin}/control-panel`);

    release();
    // React took over what was typed and sent it: the server refused the key.
    await expect(page.getByText('Failed to fetch server details')).toBeVisible();
    await expect(panelIsland(page)).not.toHaveAttribute('ssr');
    expect(page.url()).toBe(`${origin}/control-panel`);
    expect(requested.filter((line) => line.includes('wrong-key') || (line.startsWith('POST') && line.endsWith('/control-panel')))).toEqual([]);
  });

  test('/minecraft-tools: a new visitor sees the signed-out tools with no React until they touch them', async ({ page }) => {
    const scripts = await scriptsAtLoad(page, `${origin}/minecraft-tools`);
    expect(scripts.filter((s) => react.test(s))).toEqual([]);
    const tools = page.locator('astro-island[component-export="MinecraftTools"]');
    await expect(tools).toHaveAttribute('ssr', '');
    await expect(page.getByRole('heading', { name: 'Your servers, one sign-in away' })).toBeVisible();
    // The sign-in brings the customer back to this page, from the HTML rendered at build too.
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account/signin?returnTo=%2Fminecraft-tools');
    await expect(page.getByText('Checking your connection…')).toHaveCount(0);

    await page.getByText('Connect with a Server ID and access key instead').click();
    await expect(tools).not.toHaveAttribute('ssr');
    await expect(page.locator('astro-island[component-export="Toaster"]')).not.toHaveAttribute('ssr');
    await page.getByLabel('Server ID').fill('test-mc');
    await page.getByLabel('Access key').fill('wrong-key');
    await page.getByRole('button', { name: /^Connect/ }).click();
    await expect(page.getByText('Failed to fetch server details')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/account/signin?returnTo=%2Fminecraft-tools');
  });

  test('a browser that brings a signed-in customer runs the panel at load', async ({ page, context }) => {
    await context.addCookies([{ name: 'hf_customer_hint', value: '1', url: origin }]);
    await page.goto(`${origin}/control-panel`);
    await expect(panelIsland(page)).not.toHaveAttribute('ssr', { timeout: 15_000 });
  });

  test('a browser that remembers a Server ID runs the panel at load, and the form shows the id', async ({ page }) => {
    await page.goto(`${origin}/about`);
    await page.evaluate(() => localStorage.setItem('serverId', 'test-mc'));
    await page.goto(`${origin}/control-panel`);
    await expect(panelIsland(page)).not.toHaveAttribute('ssr', { timeout: 15_000 });
    await page.getByText('Connect with a Server ID and access key instead').click();
    await expect(page.getByLabel('Server ID')).toHaveValue('test-mc');
  });
});

test('on a site without sign-in the panel runs at load and opens the Server ID form', async ({ page }) => {
  await page.goto('/control-panel');
  await expect(panelIsland(page)).not.toHaveAttribute('ssr', { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Your servers' })).toBeVisible();
  await expect(page.getByText('Sign-in is not set up on this site')).toBeVisible();
  await expect(page.getByLabel('Server ID')).toBeVisible();
});
