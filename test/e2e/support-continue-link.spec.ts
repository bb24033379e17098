import { expect, test } from '@playwright/test';
import { SupportLinks } from '../../server/support/support-links.ts';
import { supportChatCopy as copy } from '../../src/data/support-chat.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { scanAtRest } from './support/a11y.ts';
import { openPage } from './support/hydration.ts';

// Issue 30, section 4, in the browser: someone else's continue link adds their conversation
// beside the visitor's own; the browser stays who it was and can go back to its own conversation
// (docs/decisions.md 73).

const secret = 'e2e-secret-e2e-secret-e2e-secret-0123456789';

for (const dialect of dialects) {
  test.describe(`a continue link opened by someone else (${dialect})`, () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let origin: string;

    test.beforeAll(async () => {
      database = await createTestDatabase(dialect);
      const port = await freePort();
      origin = `http://localhost:${port}`;
      server = await startServer({ DATABASE_URL: database.url, PUBLIC_URL: origin, SESSION_SECRET: secret }, { port });
    });

    test.afterAll(async () => {
      await server?.stop();
      await database?.drop();
    });

    test("keeps the victim's identity and earlier conversation; the link's owner reads nothing the victim writes next", async ({ browser, playwright }) => {
      // The attacker: a conversation of their own and the link to it our mail to their address
      // carries (signed as the server signs it; test/server/support-continue-link.test.ts takes it
      // from a real mail).
      // A new connection per request: this context's last request waits longer than the server's
      // keep-alive (10 s) on a loaded machine, and a request sent on an idle connection just as
      // the server closes it fails with ECONNRESET (a client that never retries, unlike a browser).
      const attacker = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { connection: 'close' } });
      const lure = await (await attacker.post('/api/support/conversations', { data: { text: 'Hello from Mallory', email: 'mallory@example.com' } })).json();
      const link = new SupportLinks(secret, origin).continueLink(lure.id, Date.now(), 'mallory@example.com');

      // The victim has a conversation in their browser.
      const victim = await browser.newContext({ baseURL: origin });
      await victim.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
      const page = await victim.newPage();
      await openPage(page, '/about');
      await page.getByRole('button', { name: 'Open help assistant' }).click();
      const dialog = page.getByRole('dialog', { name: 'Help Assistant' });
      await dialog.getByRole('button', { name: copy.talkToPerson }).first().click();
      await dialog.getByRole('textbox', { name: copy.messageLabel }).fill('My server will not start after the update');
      await dialog.getByRole('textbox', { name: copy.emailLabel }).fill('victim@example.com');
      await dialog.getByRole('button', { name: copy.start }).click();
      await expect(dialog.getByRole('list', { name: 'Messages' })).toContainText('My server will not start');
      const cookieBefore = (await victim.cookies()).find((c) => c.name.endsWith('hf_support'))?.value;
      expect(cookieBefore).toBeDefined();

      // They open the attacker's link and press the button.
      await page.goto(link);
      await page.getByRole('button', { name: copy.continuePage.button }).click();
      const chat = page.getByRole('main');
      await expect(chat.getByRole('list', { name: 'Messages' })).toContainText('Hello from Mallory');
      expect((await victim.cookies()).find((c) => c.name.endsWith('hf_support'))?.value).toBe(cookieBefore);

      // Their own conversation is still there, a keyboard press away.
      const others = chat.getByText(/^Your other conversations \(1\)/);
      await others.focus();
      await page.keyboard.press('Enter');
      await scanAtRest(page, 'the continue page with another conversation');
      await chat.getByRole('list', { name: copy.otherConversationsList }).getByRole('button', { name: 'My server will not start after the update' }).click();
      await expect(chat.getByRole('list', { name: 'Messages' })).toContainText('My server will not start after the update');
      await expect(chat.getByRole('list', { name: 'Messages' })).not.toContainText('Hello from Mallory');
      await chat.getByRole('textbox', { name: copy.messageLabel }).fill('Here is my panel key: ptlc_SECRET_KEY_123');
      await chat.getByRole('textbox', { name: copy.messageLabel }).press('Enter');
      await expect(chat.getByRole('list', { name: 'Messages' })).toContainText('ptlc_SECRET_KEY_123');

      // The attacker sees only their own conversation.
      const theirs = await (await attacker.get('/api/support/conversations')).json();
      expect(theirs.conversations.map((c: { id: string }) => c.id)).toEqual([lure.id]);
      expect(JSON.stringify(theirs)).not.toContain('ptlc_SECRET_KEY_123');
      await victim.close();
      await attacker.dispose();
    });
  });
}
