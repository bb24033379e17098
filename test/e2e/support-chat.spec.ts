import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { fill } from '../../src/components/support/chat-styles.ts';
import { supportChatCopy as copy } from '../../src/data/support-chat.ts';
import { countersCaption } from '../../src/data/counters.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { scanAtRest } from './support/a11y.ts';
import { openPage, waitForHydration } from './support/hydration.ts';
import { shoot } from './support/screenshots.ts';
import { enrolStaff } from './support/staff-enrol.ts';

// A visitor and the team talk through the support desk (docs/decisions.md 45, 46), on real
// servers with a real SMTP server on loopback. On PostgreSQL the visitor uses a second instance,
// so every live event crosses instances.

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Help Assistant' });
const visitorMessages = (page: Page) => dialogOf(page).getByRole('list', { name: 'Messages' });
const thread = (page: Page) => page.getByRole('main').getByRole('list', { name: 'Messages' });
const inbox = (page: Page) => page.getByRole('list', { name: 'Conversations' });

/** The continue link in a mail's text. */
function continueLink(text: string): string {
  const link = /https?:\/\/\S+\/support\/continue#\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no continue link in:\n${text}`);
  return link;
}

for (const dialect of dialects) {
  test.describe(`support conversations (${dialect})`, () => {
    test.describe.configure({ mode: 'serial' });
    // The desk mails unseen replies from a job (server/support/support-jobs.ts) that runs every
    // SUPPORT_JOB_SECONDS, 15 by default; these servers run it every second, so a reply left
    // unseen for SUPPORT_REPLY_MAIL_SECONDS is mailed within about two seconds rather than
    // sixteen (docs/decisions.md 155). A slow machine still gets more than the default minute.
    test.setTimeout(120_000);
    let database: TestDatabase;
    let smtp: SmtpInbox;
    let env: Record<string, string>;
    let port: number;
    let server: ServerProcess;
    let second: ServerProcess | undefined;
    let secondEnv: Record<string, string> | undefined;
    let origin: string;
    let visitorOrigin: string;
    let browser: Browser;
    let staff: Page;
    let visitor: BrowserContext;

    async function visitorContext(): Promise<BrowserContext> {
      const context = await browser.newContext({ baseURL: visitorOrigin });
      await context.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
      return context;
    }

    test.beforeAll(async ({ browser: shared }) => {
      browser = shared;
      database = await createTestDatabase(dialect);
      smtp = await startSmtpInbox();
      port = await freePort();
      origin = `http://localhost:${port}`;
      env = {
        DATABASE_URL: database.url,
        PUBLIC_URL: origin,
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
        SMTP_URL: smtp.url,
        SUPPORT_REPLY_MAIL_SECONDS: '1',
        SUPPORT_JOB_SECONDS: '1',
        SUPPORT_FIGURES_THRESHOLD: '2',
      };
      server = await startServer(env, { port });
      visitorOrigin = origin;
      if (dialect === 'postgres') {
        const port2 = await freePort();
        secondEnv = { ...env, PUBLIC_URL: `http://localhost:${port2}` };
        second = await startServer(secondEnv, { port: port2 });
        visitorOrigin = secondEnv.PUBLIC_URL!;
      }

      staff = await enrolStaff(browser, { origin, env, email: 'ada@example.com', role: 'admin', name: 'Ada Lovelace' });
      await staff
        .getByRole('navigation', { name: 'Console sections' })
        .getByRole('link', { name: /^Conversations/ })
        .click();
      await expect(staff.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible();
    });

    test.afterAll(async () => {
      await visitor?.close();
      await staff?.context().close();
      await second?.stop();
      await server?.stop();
      await smtp?.close();
      await database?.drop();
    });

    test('before any conversation the home counters are the stated aims, worded as aims', async () => {
      const context = await visitorContext();
      const page = await context.newPage();
      await openPage(page, '/');
      const caption = page.locator('[data-counters-caption]');
      await caption.scrollIntoViewIfNeeded();
      await expect(caption).toHaveAttribute('data-counters-caption', 'aims');
      await expect(caption).toHaveText(countersCaption.aims);
      await context.close();
    });

    test('with nobody available the visitor leaves an e-mail; the reply is mailed; its link reopens the conversation on another device; the answer reaches the console', async () => {
      const context = await visitorContext();
      const page = await context.newPage();
      await openPage(page, '/about');
      await page.getByRole('button', { name: 'Open help assistant' }).click();
      const dialog = dialogOf(page);
      await dialog.getByRole('searchbox', { name: 'Search help articles' }).fill('xyzzy plover');
      await expect(dialog.getByRole('list', { name: 'Conversation' })).toContainText('I couldn\'t find any exact matches for "xyzzy plover"');
      await dialog.getByRole('button', { name: copy.talkToPerson }).click();
      await expect(dialog).toContainText(copy.unstaffedIntro);
      await dialog.getByRole('textbox', { name: copy.messageLabel }).fill('My <b>world</b> vanished after a restart');
      // Nobody is available: the address is required.
      await dialog.getByRole('button', { name: copy.start }).click();
      await expect(dialog.getByRole('alert')).toHaveText(copy.emailRequired);
      await dialog.getByRole('textbox', { name: copy.emailLabel }).fill('lee@example.com');
      await dialog.getByRole('button', { name: copy.start }).click();
      // Text stays text: the markup typed is shown as typed.
      await expect(visitorMessages(page)).toContainText('My <b>world</b> vanished after a restart');
      await expect(dialog).toContainText('we answer at lee@example.com');
      await scanAtRest(page, 'the visitor chat, nobody available');
      await shoot(page, 'support-visitor-unstaffed');
      await context.close(); // the visitor leaves: the reply can only reach them by mail

      const line = inbox(staff).getByRole('link').filter({ hasText: 'vanished after a restart' });
      await expect(line).toBeVisible();
      await expect(line).toContainText('1 unread');
      await line.click();
      const context2 = staff.getByRole('complementary', { name: 'Context' });
      await expect(context2.locator('[data-context="page"]')).toHaveText('/about');
      await expect(context2).toContainText('xyzzy plover');
      await staff.getByRole('textbox', { name: 'Reply to the visitor' }).fill('Hello Lee, we restored it from last night’s backup.');
      await staff.getByRole('button', { name: 'Send reply' }).click();
      await expect(thread(staff)).toContainText('we restored it from last night’s backup');

      await smtp.waitFor((i) => i.to('lee@example.com').some((m) => m.text.includes('we restored it')), 40_000);
      const mail = smtp.to('lee@example.com').find((m) => m.text.includes('we restored it'))!;
      const link = continueLink(mail.text);

      // Another device: a fresh browser with no cookie of the first.
      const other = await browser.newContext();
      const phone = await other.newPage();
      await phone.goto(link);
      await phone.getByRole('button', { name: copy.continuePage.button }).click();
      const messages = phone.getByRole('list', { name: 'Messages' });
      await expect(messages).toContainText('we restored it from last night’s backup');
      await expect(messages).toContainText('My <b>world</b> vanished');
      await phone.getByRole('textbox', { name: copy.messageLabel }).fill('Thank you, it is back!');
      await phone.getByRole('textbox', { name: copy.messageLabel }).press('Enter');
      await expect(messages).toContainText('Thank you, it is back!');
      await scanAtRest(phone, 'the continue page');
      await shoot(phone, 'support-continue');
      await other.close();

      // The answer reaches the console live.
      await expect(thread(staff)).toContainText('Thank you, it is back!');
    });

    test('with a person available they chat live both ways: typing, Seen, notes unseen, resolution, rating and transcript', async () => {
      await staff.getByRole('switch', { name: 'Available for chat' }).check();
      await expect(staff.locator('[data-staffed="true"]')).toBeVisible();
      // Alerts, after consent: the browser's permission is given, the person turns both on. Each
      // real Notification the page makes is also noted, to read back.
      await staff.context().grantPermissions(['notifications'], { origin });
      await staff.evaluate(() => {
        const Real = window.Notification;
        const made: string[] = [];
        Object.assign(window, { madeNotifications: made });
        window.Notification = class extends Real {
          constructor(title: string, options?: NotificationOptions) {
            super(title, options);
            made.push(`${title}: ${options?.body ?? ''}`);
          }
        } as typeof Notification;
      });
      await staff.getByRole('checkbox', { name: 'Show a browser notification' }).check();
      await staff.getByRole('checkbox', { name: 'Play a short sound' }).check();

      visitor = await visitorContext();
      const page = await visitor.newPage();
      await openPage(page, '/');
      const liveChat = page.getByRole('button', { name: 'Live Chat' });
      await liveChat.scrollIntoViewIfNeeded();
      await liveChat.click();
      const dialog = dialogOf(page);
      // Keyboard only from here: Tab to "Talk to a person", Enter.
      for (let i = 0; i < 15 && !(await dialog.getByRole('button', { name: copy.talkToPerson }).evaluate((b) => b === document.activeElement)); i += 1)
        await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(dialog).toContainText(copy.staffedIntro);
      await dialog.getByRole('textbox', { name: copy.messageLabel }).focus();
      await page.keyboard.type('Can I move my world from another host?');
      await page.keyboard.press('Tab'); // the e-mail address, optional now
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect(visitorMessages(page)).toContainText('Can I move my world from another host?');

      // The available person is told of it: a browser notification.
      await expect
        .poll(() => staff.evaluate(() => (window as unknown as { madeNotifications: string[] }).madeNotifications))
        .toContain('New chat: Can I move my world from another host?');
      // The new conversation appears in the console without a reload.
      const line = inbox(staff).getByRole('link').filter({ hasText: 'move my world' });
      await expect(line).toBeVisible();
      await line.click();
      // The team opened it: the visitor sees "Seen".
      await expect(dialog.locator('[data-read-state]')).toHaveText(copy.seen);
      // …and the console agrees without a reload: no "1 unread" on the line, none in the nav, the Unread filter at 0.
      await expect(line).not.toContainText('unread');
      await expect(staff.getByRole('navigation').getByRole('link', { name: /Conversations/ })).not.toContainText('unread');
      await expect(staff.getByRole('combobox', { name: 'Show' }).getByRole('option', { name: /^Unread/ })).toHaveText('Unread (0)');

      const reply = staff.getByRole('textbox', { name: 'Reply to the visitor' });
      await reply.fill('Yes');
      await expect(dialog.getByRole('status').filter({ hasText: 'Ada Lovelace is typing…' })).toBeVisible();
      await reply.fill('Yes: upload the world folder in the Game Panel, or we move it for you.');
      const sent = Date.now();
      await staff.getByRole('button', { name: 'Send reply' }).click();
      await expect(visitorMessages(page)).toContainText('we move it for you');
      expect(Date.now() - sent).toBeLessThan(5000);

      // A note stays inside the team.
      await staff.getByRole('radio', { name: 'Internal note' }).check();
      await staff.getByRole('textbox', { name: 'Internal note (never seen by the visitor)' }).fill('Customer on the Pro plan');
      await staff.getByRole('button', { name: 'Add note' }).click();
      await expect(thread(staff).locator('[data-kind="note"]')).toContainText('Customer on the Pro plan');
      await expect(thread(staff).locator('[data-kind="note"]')).toContainText('never seen by the visitor');

      const box = dialog.getByRole('textbox', { name: copy.messageLabel });
      await box.fill('Great, please move it');
      await expect(staff.getByRole('status').filter({ hasText: 'The visitor is typing…' })).toBeVisible();
      await box.press('Enter');
      await expect(thread(staff)).toContainText('Great, please move it');
      await expect(visitorMessages(page)).not.toContainText('Customer on the Pro plan');

      // A saved reply, written once, starts a reply.
      await staff.getByText(/^Saved replies/).click();
      await staff.getByRole('textbox', { name: 'Title' }).fill('World move');
      await staff.getByRole('textbox', { name: 'Text', exact: true }).fill('We move worlds for free: send us the old host’s download link.');
      await staff.getByRole('button', { name: 'Save reply' }).click();
      await staff.getByRole('radio', { name: 'Reply' }).check();
      await staff.getByRole('combobox', { name: 'Insert a saved reply' }).selectOption({ label: 'World move' });
      await expect(staff.getByRole('textbox', { name: 'Reply to the visitor' })).toHaveValue('We move worlds for free: send us the old host’s download link.');
      await staff.getByRole('button', { name: 'Send reply' }).click();
      await expect(thread(staff)).toContainText('We move worlds for free');
      await expect(visitorMessages(page)).toContainText('We move worlds for free');

      await scanAtRest(staff, 'the Conversations section');
      await shoot(staff, 'support-console');

      await staff.getByRole('button', { name: 'Resolve' }).click();
      await expect(dialog.getByRole('group', { name: copy.ratingLegend })).toBeVisible();
      // The chat brings the question into view, not only "… marked this conversation resolved".
      await expect(dialog.getByRole('group', { name: copy.ratingLegend })).toBeInViewport({ ratio: 0.5 });
      await scanAtRest(page, 'the visitor chat, resolved');
      await shoot(page, 'support-visitor-resolved');
      // By keyboard: the score's radio takes the focus, Space chooses it.
      await dialog.getByRole('radio', { name: /^5/ }).focus();
      await page.keyboard.press('Space');
      await expect(dialog.getByRole('radio', { name: /^5/ })).toBeChecked();
      await dialog.getByRole('textbox', { name: copy.ratingComment }).fill('Quick and kind');
      await dialog.getByRole('button', { name: copy.ratingSubmit }).click();
      await expect(dialog.getByRole('status').filter({ hasText: copy.ratingThanks })).toBeVisible();
      // The transcript goes only to a confirmed address (docs/decisions.md 72): the chat says so,
      // mails a link with nothing of the conversation, and offers the transcript once it is opened.
      const transcriptForm = dialog.locator('form').filter({ hasText: copy.transcriptNeedsAddress });
      await transcriptForm.getByRole('textbox', { name: copy.emailLabel }).fill('mo@example.com');
      await transcriptForm.getByRole('button', { name: copy.sendConfirmLink }).click();
      await expect(dialog.getByRole('status').filter({ hasText: 'We sent a link to mo@example.com' })).toBeVisible();
      await expect(dialog.locator('[data-transcript="unconfirmed"]')).toContainText('Confirm mo@example.com');
      await expect(dialog.getByRole('button', { name: copy.transcript })).toHaveCount(0);
      await smtp.waitFor((i) => i.to('mo@example.com').length === 1, 40_000);
      const confirmation = smtp.to('mo@example.com')[0]!;
      expect(confirmation.text).not.toContain('move my world');
      const confirmPage = await visitor.newPage();
      await confirmPage.goto(continueLink(confirmation.text));
      await confirmPage.getByRole('button', { name: copy.continuePage.button }).click();
      await expect(confirmPage.getByRole('status').filter({ hasText: copy.continuePage.confirmed })).toBeVisible();
      await confirmPage.close();
      // The open chat hears it live: the button now says where the transcript goes.
      const ready = dialog.locator('[data-transcript="ready"]');
      await expect(ready).toContainText(fill(copy.transcriptGoesTo, { email: 'mo@example.com' }));
      await expect(ready.getByRole('button', { name: copy.transcript })).toHaveAccessibleDescription(fill(copy.transcriptGoesTo, { email: 'mo@example.com' }));
      await scanAtRest(page, 'the visitor chat, transcript ready');
      await ready.getByRole('button', { name: copy.transcript }).click();
      await expect(dialog.getByRole('status').filter({ hasText: 'on its way to mo@example.com' })).toBeVisible();
      await smtp.waitFor((i) => i.to('mo@example.com').some((m) => m.text.includes('Great, please move it')), 40_000);
      expect(smtp.to('mo@example.com').at(-1)!.text).not.toContain('Customer on the Pro plan');
      await expect(staff.getByRole('main')).toContainText('rated 5/5');
    });

    test('a restart in the middle loses nothing', async () => {
      const page = visitor.pages()[0]!;
      const dialog = dialogOf(page);
      await dialog.getByRole('textbox', { name: copy.messageLabel }).fill('One more thing before you go');
      await dialog.getByRole('textbox', { name: copy.messageLabel }).press('Enter');
      await expect(thread(staff)).toContainText('One more thing before you go');

      await server.stop();
      await second?.stop();
      server = await startServer(env, { port });
      if (secondEnv) second = await startServer(secondEnv, { port: Number(new URL(secondEnv.PUBLIC_URL!).port) });

      // Both streams reconnect by themselves; a reply after the restart arrives live.
      await staff.getByRole('radio', { name: 'Reply' }).check();
      await staff.getByRole('textbox', { name: 'Reply to the visitor' }).fill('Still here after the restart');
      await staff.getByRole('button', { name: 'Send reply' }).click();
      await expect(visitorMessages(page)).toContainText('Still here after the restart', { timeout: 15_000 });

      // A reload shows the whole conversation again.
      await page.reload();
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Open help assistant' }).click();
      for (const text of ['Can I move my world', 'we move it for you', 'One more thing before you go', 'Still here after the restart'])
        await expect(visitorMessages(page)).toContainText(text);
    });

    test('the home counters change with the conversations', async () => {
      const context = await visitorContext();
      const page = await context.newPage();
      await openPage(page, '/');
      const caption = page.locator('[data-counters-caption]');
      await caption.scrollIntoViewIfNeeded();
      await expect(caption).toHaveAttribute('data-counters-caption', 'measured');
      await expect(caption).toContainText('Measured over the last 90 days, from 2 conversations.');
      // One rating, a 5: every rating is 4 or 5.
      await expect(page.locator('[data-counter="satisfaction"]')).toHaveText('100%');
      // The console shows the same figures per person: Ada answered both.
      const people = staff.getByRole('region', { name: 'Per person' });
      await expect(people.getByRole('row', { name: /Ada Lovelace/ })).toBeVisible();
      await context.close();
    });
  });
}
