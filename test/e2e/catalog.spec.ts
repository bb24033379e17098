import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { help } from '../../src/data/help.ts';
import { knowledgeBase } from '../../src/data/knowledge.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { scanAtRest as scan } from './support/a11y.ts';
import { shoot, shootCard } from './support/screenshots.ts';
import { enrolStaff } from './support/staff-enrol.ts';
import { visit } from './support/visit.ts';

/** The Budget VPS page's structured data: its lowest price and its first offer's. */
async function offers(origin: string, page: Page): Promise<{ low: string; first: string }> {
  const html = await (await page.request.get(`${origin}/budget-vps`)).text();
  const product = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!))
    .find((b) => b['@type'] === 'Product');
  return { low: product.offers.lowPrice, first: product.offers.offers[0].price };
}

/** Issue 32: "A publish reaches every page that shows the change within 15 seconds, on every instance." */
const liveWithinMs = 15_000;

/** A help answer and a knowledge article, as the files hold them and as the editor writes them. */
const lagFaq = help.faqs.find((f) => f.id === 'technical-lag')!;
const firstArticle = knowledgeBase[0]!;
const newLagAnswer = 'Edited in the console: look at the CPU and memory charts first, then at the console.';
const newArticleAnswer = 'Edited in the console: pick a plan, order it, and start your server from the Game Panel.';

/**
 * The Catalog from the console to the pages (docs/decisions.md 96-98), on both dialects: an
 * editor changes a price and publishes; the plan page, the products page, search and the
 * structured data show it; on PostgreSQL a second instance serves it too within 15 s; a wrong
 * field is named beside it; a draft that cannot be built leaves the site as it was and says why;
 * restoring version 0 brings the price back. The same publish carries a help answer and a
 * knowledge article edited in the console (docs/decisions.md 137), which the help assistant and
 * the knowledge base then show, and the plan page's meta description its new "from" price (139).
 */
for (const dialect of dialects) {
  test.describe(`the catalog, edited and published (${dialect})`, () => {
    test.describe.configure({ mode: 'serial', timeout: 180_000 });
    let database: TestDatabase;
    let servers: ServerProcess[] = [];
    let origin: string;
    let second: string | undefined;
    let editor: Page;
    let buildsDir: string;

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(120_000);
      database = await createTestDatabase(dialect);
      buildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-e2e-'));
      const port = await freePort();
      origin = `http://localhost:${port}`;
      // Both instances on one disk share its rebuilds (server/catalog/site-rebuilder.ts).
      const env = { DATABASE_URL: database.url, PUBLIC_URL: origin, SITE_BUILDS_DIR: buildsDir };
      servers = [await startServer(env, { port })];
      if (dialect === 'postgres') {
        const other = await startServer(env);
        servers.push(other);
        second = other.url;
      }
      editor = await enrolStaff(browser, { origin, env, email: 'eve@example.com', role: 'editor', name: 'Eve Editor' });
    });
    test.afterAll(async () => {
      for (const server of servers) await server.stop();
      await database.drop();
      fs.rmSync(buildsDir, { recursive: true, force: true });
    });

    test('an editor sees the Catalog and not staff, monitors or alerts; a wrong price is named beside its field', async () => {
      const nav = editor.getByRole('navigation', { name: 'Console sections' });
      await expect(nav.getByRole('link')).toHaveText(['Overview', 'Catalog', 'Announcements', 'My account', 'Audit log']);
      await nav.getByRole('link', { name: 'Catalog', exact: true }).click();
      await expect(editor.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
      await editor.getByLabel('Product line', { exact: true }).selectOption({ label: 'Budget VPS (3 plans, USD)' });
      const price = editor.getByRole('group', { name: 'Budget VPS 1' }).getByLabel('Price (USD a month)');
      await expect(price).toHaveValue('4.99');
      await price.fill('-2');
      await editor.getByRole('button', { name: 'Save draft' }).click();
      await expect(editor.getByRole('group', { name: 'Budget VPS 1' }).getByText('Too small: expected number to be >0')).toBeVisible();
      await expect(price).toHaveAttribute('aria-invalid', 'true');
      await expect(editor.getByRole('alert').filter({ hasText: 'The catalog has a problem' })).toContainText(
        'The catalog has a problem: Budget VPS › Budget VPS 1 › price: Too small',
      );
      await scan(editor, '/staff#catalog (editor)');
      await shoot(editor, 'catalog-section');
    });

    test('help answers and knowledge articles are edited beside the plans; a wrong field is named beside it', async () => {
      const helpCard = editor.getByRole('region', { name: 'Help answers' });
      await helpCard.getByLabel('Help category').selectOption('technical');
      const faq = helpCard.getByRole('group', { name: lagFaq.question });
      await expect(faq.getByLabel('Answer', { exact: true })).toHaveValue(lagFaq.answer);
      await faq.getByLabel('Answer', { exact: true }).fill(newLagAnswer);
      const knowledge = editor.getByRole('region', { name: 'Knowledge base' });
      const article = knowledge.getByRole('group', { name: firstArticle.question });
      await article.getByLabel('Answer', { exact: true }).fill('Too short.');
      await editor.getByRole('button', { name: 'Save draft' }).click();
      await expect(article.getByText('Too small: expected string to have >=20 characters')).toBeVisible();
      await expect(article.getByLabel('Answer', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      // The price is still wrong from the test before: both are named, each beside its field.
      await expect(editor.getByRole('group', { name: 'Budget VPS 1' }).getByText('Too small: expected number to be >0')).toBeVisible();
      await article.getByLabel('Answer', { exact: true }).fill(newArticleAnswer);
      await scan(editor, '/staff#catalog, help and knowledge (editor)');
      await shootCard(editor, helpCard, 'catalog-help');
      await shootCard(editor, knowledge, 'catalog-knowledge');
      await shootCard(editor, editor.getByRole('region', { name: 'Product lines and plans' }), 'catalog-line');
    });

    test('a published price reaches the plan page, products, search and structured data, on every instance', async () => {
      // The publish's build, then the pages (the knowledge base and the help assistant hydrate) on a busy machine.
      test.setTimeout(300_000);
      const price = editor.getByRole('group', { name: 'Budget VPS 1' }).getByLabel('Price (USD a month)');
      await price.fill('3.49');
      const clicked = Date.now();
      await editor.getByRole('button', { name: 'Publish' }).click();
      // Issue 32: a publish reaches every page within 15 s, on every instance, counted from the click.
      await expect(editor.getByRole('status').filter({ hasText: 'Published version' })).toBeVisible({ timeout: liveWithinMs });
      const published = Date.now();
      console.log(`[catalog ${dialect}] publish to live on the publishing instance: ${((published - clicked) / 1000).toFixed(1)} s`);
      const visitor = await editor.context().browser()!.newPage();
      if (second) {
        await expect
          .poll(async () => (await offers(second!, visitor)).low, { timeout: Math.max(1, clicked + liveWithinMs - Date.now()), intervals: [250] })
          .toBe('3.49');
        console.log(`[catalog ${dialect}] the second instance serves it ${((Date.now() - clicked) / 1000).toFixed(1)} s after the click`);
      }
      await visitor.goto(`${origin}/budget-vps`);
      await expect(visitor.getByText('$3.49').first()).toBeVisible();
      expect(await offers(origin, visitor)).toEqual({ low: '3.49', first: '3.49' });
      await visitor.goto(`${origin}/products`);
      await expect(visitor.getByText('$3.49/Monthly')).toBeVisible();
      expect(await (await visitor.request.get(`${origin}/search-index.json`)).text()).toContain('"Budget VPS 1","description":"$3.49/month');
      // The page's meta description says the new "from" price (docs/decisions.md 139).
      await visitor.goto(`${origin}/budget-vps`);
      await expect(visitor.locator('meta[name="description"]')).toHaveAttribute('content', /from \$3\.49 a month\.$/);
      // The knowledge base and the help assistant show the answers edited in the same publish.
      await visit(visitor, `${origin}/knowledge`);
      await visitor.getByRole('button', { name: firstArticle.question }).click();
      await expect(visitor.getByText(newArticleAnswer)).toBeVisible();
      const assistantData = (await (await visitor.request.get(`${origin}/help-assistant.json`)).json()) as { faqs: { id: string; answer: string }[] };
      expect(assistantData.faqs.find((f) => f.id === lagFaq.id)?.answer).toBe(newLagAnswer);
      await visit(visitor, `${origin}/about`);
      await visitor.getByRole('button', { name: 'Decline All' }).click();
      await visitor.getByRole('button', { name: 'Open help assistant' }).click();
      const assistant = visitor.getByRole('dialog', { name: 'Help Assistant' });
      await expect(assistant).toBeVisible();
      await assistant.getByRole('button', { name: /^Technical/ }).click();
      const questions = assistant.getByRole('list', { name: 'Technical questions' });
      await expect(questions).toBeVisible();
      await questions.getByRole('button', { name: lagFaq.question }).click();
      await expect(assistant.getByRole('list', { name: 'Conversation' })).toContainText(newLagAnswer);
      await visitor.close();
      // The versions list and the audit log say who changed what, readably.
      await expect(editor.getByText('Budget VPS › Budget VPS 1 price 4.99 → 3.49 USD')).toBeVisible();
    });

    test('a draft that cannot be built leaves the site as it was and says why', async () => {
      const answer = await editor.evaluate(async () => {
        const view = await (await fetch('/api/staff/catalog')).json();
        const document = structuredClone(view.document);
        document.plans.find((l: { id: string }) => l.id === 'budget-vps').id = 'cheap-vps';
        const saved = await (
          await fetch('/api/staff/catalog/draft', {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ draftId: view.draftId, document }),
          })
        ).json();
        const published = await fetch('/api/staff/catalog/publish', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ draftId: saved.draftId }),
        });
        return { status: published.status, body: await published.json() };
      });
      expect(answer.status).toBe(422);
      expect(answer.body.error.message).toContain('the site is unchanged');
      expect(answer.body.error.message).toContain('No plan line "budget-vps"');
      expect(await offers(origin, editor)).toEqual({ low: '3.49', first: '3.49' });
      if (second) expect(await offers(second, editor)).toEqual({ low: '3.49', first: '3.49' });
    });

    test('restoring version 0 brings the price back', async () => {
      await editor.reload();
      await expect(editor.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
      const clicked = Date.now();
      await editor.getByRole('button', { name: 'Restore version 0' }).click();
      await expect(editor.getByRole('status').filter({ hasText: 'Version 0 restored' })).toBeVisible({ timeout: liveWithinMs });
      expect(await offers(origin, editor)).toEqual({ low: '4.99', first: '4.99' });
      expect(await (await editor.request.get(`${origin}/help-assistant.json`)).text()).not.toContain(newLagAnswer);
      if (second) {
        await expect
          .poll(async () => (await offers(second!, editor)).low, { timeout: Math.max(1, clicked + liveWithinMs - Date.now()), intervals: [250] })
          .toBe('4.99');
      }
    });
  });
}
