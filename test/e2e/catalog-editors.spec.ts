import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { help } from '../../src/data/help.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { scanAtRest as scan } from './support/a11y.ts';
import { shootCard, shootScreen } from './support/screenshots.ts';
import { enrolStaff } from './support/staff-enrol.ts';
import { visit } from './support/visit.ts';

const orderTemplate = 'https://billing.example.com/cart.php?a=add&pid={pid}&currency={currencyId}&loc={locationId}';
const securityQuestions = help.faqs.filter((f) => f.category === 'security').length;

/**
 * The Catalog's newer editors (docs/decisions.md 159-160) as an editor uses them, by keyboard
 * where a keyboard is how it is done, on both dialects: where a plan is sold (none chosen is
 * named beside the boxes; the published choice is the plan page's picker), and the help
 * assistant's categories (a category with questions is not removed, and says why; a new one,
 * renamed and moved, is in the assistant and /help-assistant.json once published).
 */
for (const dialect of dialects) {
  test.describe(`the catalog's locations and help categories (${dialect})`, () => {
    test.describe.configure({ mode: 'serial', timeout: 300_000 });
    let database: TestDatabase;
    let server: ServerProcess;
    let origin: string;
    let editor: Page;
    let buildsDir: string;

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(120_000);
      database = await createTestDatabase(dialect);
      buildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-editors-e2e-'));
      const port = await freePort();
      origin = `http://localhost:${port}`;
      const env = { DATABASE_URL: database.url, PUBLIC_URL: origin, SITE_BUILDS_DIR: buildsDir };
      server = await startServer(env, { port });
      editor = await enrolStaff(browser, { origin, env, email: 'eve@example.com', role: 'editor', name: 'Eve Editor' });
      await editor.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Catalog', exact: true }).click();
      await expect(editor.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
    });
    test.afterAll(async () => {
      await editor?.context().close();
      await server?.stop();
      await database?.drop();
      fs.rmSync(buildsDir, { recursive: true, force: true });
    });

    test("an editor chooses where a plan is sold (none chosen is named beside the boxes) and the order link's ids for the portal", async () => {
      await editor.getByLabel('Product line', { exact: true }).selectOption({ label: 'Minecraft AMD (3 plans, INR)' });
      const soldAt = editor.getByRole('group', { name: 'Diamond' }).getByRole('group', { name: 'Sold at' });
      const boxes = { delhi: soldAt.getByLabel('Delhi NCR'), singapore: soldAt.getByLabel('Singapore'), frankfurt: soldAt.getByLabel('Frankfurt') };
      for (const box of Object.values(boxes)) await expect(box).toBeChecked();
      // By keyboard: each box takes the focus and Space unticks it.
      for (const box of Object.values(boxes)) {
        await box.focus();
        await box.press('Space');
      }
      await editor.getByRole('button', { name: 'Save draft' }).click();
      await expect(soldAt.getByText('Sold at: choose at least one location')).toBeVisible();
      await expect(soldAt).toHaveAccessibleDescription(/choose at least one location/);
      await expect(editor.getByRole('alert').filter({ hasText: 'The catalog has a problem' })).toContainText('choose at least one location');
      await boxes.delhi.press('Space');
      await boxes.singapore.press('Space');
      await expect(soldAt).toContainText('Chosen for this plan.');
      await editor.getByRole('button', { name: 'Save draft' }).click();
      await expect(editor.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
      await expect(soldAt.getByText('Sold at: choose')).toHaveCount(0);
      // The line's order link, with the portal's ids for its currency and a location (docs/decisions.md 161).
      const lineFields = editor.getByRole('group', { name: 'The line: Minecraft AMD' });
      await expect(lineFields.getByLabel('Currency', { exact: true })).toHaveValue('INR');
      await lineFields.getByLabel('Order link template').fill(orderTemplate);
      await lineFields.getByLabel("Portal's id for INR").fill('2');
      const portalLocations = lineFields.getByRole('group', { name: "Portal's value for each location" });
      await portalLocations.getByLabel('Delhi NCR').fill('11');
      await editor.getByRole('button', { name: 'Save draft' }).click();
      await expect(editor.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
      await scan(editor, '/staff#catalog, where a plan is sold (editor)');
      await shootCard(editor, lineFields, 'catalog-line-order-link');
      await shootCard(editor, editor.getByRole('group', { name: 'Diamond' }), 'catalog-plan-locations');
    });

    test("an editor edits the help assistant's categories; one with questions is not removed, and says why", async () => {
      const card = editor.getByRole('region', { name: 'Help categories' });
      await card.getByRole('button', { name: 'Remove category "Security"' }).click();
      await expect(card.getByRole('alert')).toHaveText(
        `"Security" still has ${securityQuestions} questions: move them to another category (each question's Category field) or remove them first.`,
      );
      await expect(card.getByRole('listitem')).toHaveCount(help.categories.length);

      await card.getByRole('button', { name: 'Add a category' }).click();
      const added = card.getByRole('listitem').last();
      await added.getByLabel('Name').fill('Domains');
      await added.getByLabel('Icon').selectOption('globe');
      await added.getByLabel('Description').fill('Names, DNS and transfers');
      await card.getByRole('button', { name: 'Move category "Domains" up' }).click();
      await expect(card.getByRole('listitem').nth(help.categories.length - 1)).toContainText('Domains');
      await card.getByRole('listitem').first().getByLabel('Name').fill('');
      await editor.getByRole('button', { name: 'Save draft' }).click();
      await expect(card.getByRole('listitem').first().getByText('Name is required')).toBeVisible();
      await expect(card.getByRole('listitem').first().getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
      await card.getByRole('listitem').first().getByLabel('Name').fill('Minecraft servers');

      // A question moved out of Security into Domains, in the help answers' card.
      const answers = editor.getByRole('region', { name: 'Help answers' });
      await answers.getByLabel('Help category').selectOption({ label: `Security (${securityQuestions} questions)` });
      const first = help.faqs.find((f) => f.category === 'security')!;
      await answers.getByRole('group', { name: first.question }).getByLabel('Category').selectOption({ label: 'Domains' });
      await expect(card.getByRole('listitem').filter({ hasText: 'Domains' })).toContainText('(1 question)');
      await scan(editor, '/staff#catalog, help categories (editor)');
      await shootCard(editor, card, 'catalog-help-categories');
    });

    test('once published, the plan page offers the plan where it is sold, and the assistant lists the categories', async ({ browser }) => {
      await editor.getByRole('button', { name: 'Publish' }).click();
      await expect(editor.getByRole('status').filter({ hasText: 'Published version' })).toBeVisible({ timeout: 240_000 });

      const visitor = await browser.newPage({ baseURL: origin, viewport: { width: 1366, height: 900 } });
      await visitor.goto('/minecraft-amd');
      const place = visitor.locator('#plan-diamond [data-stock-for]');
      await expect(place).toContainText(/(In stock|Only \d+ left|Sold out) at Delhi NCR/);
      await visitor.getByText('Frankfurt', { exact: true }).click();
      await expect(place).toHaveText('Not sold at Frankfurt');
      await expect(visitor.locator('#plan-obsidian [data-stock-for]')).toContainText('at Frankfurt');
      await expect(visitor.locator('#plan-diamond').getByRole('link', { name: 'Order Now: Diamond' })).toHaveAttribute('aria-disabled', 'true');

      await shootScreen(visitor, `plan-not-sold-at-${dialect}`, visitor.locator('#plan-diamond'));
      const links = JSON.parse((await visitor.locator('#plan-diamond [data-order-for]').getAttribute('data-order-at')) ?? '{}');
      expect(links).toEqual({
        'delhi-ncr': 'https://billing.example.com/cart.php?a=add&pid=diamond&currency=2&loc=11',
        singapore: 'https://billing.example.com/cart.php?a=add&pid=diamond&currency=2&loc=singapore',
      });

      const data = (await (await visitor.request.get('/help-assistant.json')).json()) as {
        categories: { id: string; name: string }[];
        faqs: { category: string }[];
      };
      const names = data.categories.map((c) => c.name);
      expect(names[0]).toBe('Minecraft servers');
      expect(names.at(-2)).toBe('Domains');
      expect(data.faqs.filter((f) => f.category === data.categories.at(-2)!.id)).toHaveLength(1);
      await visit(visitor, `${origin}/about`);
      await visitor.getByRole('button', { name: 'Decline All' }).click();
      await visitor.getByRole('button', { name: 'Open help assistant' }).click();
      const assistant = visitor.getByRole('dialog', { name: 'Help Assistant' });
      await assistant.getByRole('button', { name: /^Domains/ }).click();
      await expect(assistant.getByRole('list', { name: 'Domains questions' })).toBeVisible();
      await visitor.close();
    });
  });
}
