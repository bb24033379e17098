import { expect, test, type Page } from '@playwright/test';
import { help } from '../../src/data/help.ts';
import { knowledgeBase } from '../../src/data/knowledge.ts';
import { visit } from './support/visit.ts';

// The texts come from src/data/help.ts and src/data/knowledge.ts; these tests check that the
// assistant shows them and moves between its views (docs/decisions.md 25).
const faqsOf = (categoryId: string) => help.faqs.filter((f) => f.category === categoryId);
const withFaqs = help.categories.filter((c) => faqsOf(c.id).length > 0);

const launcherOf = (page: Page) => page.getByRole('button', { name: 'Open help assistant' });
const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Help Assistant' });

type FocusPlace = 'dialog' | 'page' | 'browser';
/** Where keyboard focus is: in the open dialog, on the page behind it, or out of the page. */
const focusPlace = (page: Page): Promise<FocusPlace> =>
  page.evaluate(() => (!document.hasFocus() ? 'browser' : document.querySelector('dialog[open]')?.contains(document.activeElement) ? 'dialog' : 'page'));

/**
 * Holds back the assistant's island code (it loads on the first touch: docs/decisions.md 88)
 * until `release` is called; `asked` says whether the browser has asked for it yet.
 */
async function holdIslandCode(page: Page) {
  const island = page.locator('astro-island', { has: page.locator('#help-assistant') });
  const chunk = new URL((await island.getAttribute('component-url')) ?? '', page.url()).pathname;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(
    (url) => url.pathname === chunk,
    async (route) => {
      asked = true;
      await held;
      await route.continue();
    },
  );
  return { island, release, asked: () => asked };
}

/** Opens the assistant on /about by its server-rendered button, its island's code held back. */
async function openWithCodeHeld(page: Page) {
  await visit(page, '/about');
  await page.getByRole('button', { name: 'Decline All' }).click();
  const held = await holdIslandCode(page);
  await launcherOf(page).click();
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  await expect.poll(held.asked).toBe(true);
  return { ...held, dialog };
}

async function openAssistant(page: Page, path = '/about') {
  await visit(page, path);
  // A first visit shows the cookie banner; decide so it stays out of the way.
  await page.getByRole('button', { name: 'Decline All' }).click();
  await launcherOf(page).click();
  await expect(dialogOf(page)).toBeVisible();
  return dialogOf(page);
}

test.describe('the help assistant', () => {
  test('opens as a modal dialog with the search box focused and every category', async ({ page }) => {
    const dialog = await openAssistant(page);
    // Modal: opened with showModal(), so the page behind is inert to pointer, keyboard and screen readers.
    expect(await dialog.evaluate((d) => d.matches('dialog:modal'))).toBe(true);
    await expect(dialog.getByRole('searchbox', { name: 'Search help articles' })).toBeFocused();
    const categories = dialog.getByRole('list', { name: 'Help categories' }).getByRole('button');
    await expect(categories).toHaveCount(help.categories.length);
    for (const c of help.categories) await expect(dialog.getByRole('button', { name: new RegExp(`^${c.name}`) })).toContainText(c.description);
    await expect(dialog.getByRole('button', { name: 'Back to categories' })).toHaveCount(0);
  });

  test('categories → faqs → chat → back to categories', async ({ page }) => {
    const dialog = await openAssistant(page);
    const chat = dialog.getByRole('list', { name: 'Conversation' });
    expect(withFaqs.length).toBeGreaterThan(0);
    for (const category of withFaqs) {
      await dialog.getByRole('button', { name: new RegExp(`^${category.name}`) }).click();
      const questions = dialog.getByRole('list', { name: `${category.name} questions` }).getByRole('button');
      await expect(questions).toHaveText(faqsOf(category.id).map((f) => f.question));
      const faq = faqsOf(category.id).at(-1)!;
      await questions.filter({ hasText: faq.question }).click();
      await expect(chat).toContainText(faq.question);
      await expect(chat).toContainText(faq.answer);
      for (const link of [...faq.links, ...help.fallbackLinks])
        await expect(chat.getByRole('link', { name: link.text, exact: true })).toHaveAttribute('href', link.url);
      await dialog.getByRole('button', { name: 'Back to categories' }).click();
      await expect(dialog.getByRole('list', { name: 'Help categories' })).toBeVisible();
      await expect(chat).toHaveCount(0);
    }
  });

  test('search: nothing at 2 characters; above that 1 s of loading, then matches from the FAQs and the knowledge base', async ({ page }) => {
    const dialog = await openAssistant(page);
    const box = dialog.getByRole('searchbox', { name: 'Search help articles' });
    const loading = dialog.getByRole('status').filter({ hasText: 'Searching' });
    await box.fill('dd');
    // Fixed wait: past the 1 s search delay, proving a 2-character query never starts a search.
    await page.waitForTimeout(1300);
    await expect(loading).toHaveCount(0);
    await expect(dialog.getByRole('list', { name: 'Help categories' })).toBeVisible();

    // A knowledge base question finds its answer, linked to its place on /knowledge.
    const item = knowledgeBase.at(-1)!;
    await box.fill(item.question);
    const started = Date.now();
    await expect(loading).toBeVisible();
    const chat = dialog.getByRole('list', { name: 'Conversation' });
    await expect(chat).toBeVisible({ timeout: 5000 });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(850);
    await expect(loading).toHaveCount(0);
    await expect(chat).toContainText(`Here is what I found for "${item.question}"`);
    await expect(chat).toContainText(item.answer.split('\n')[0]!);
    await expect(chat.getByRole('link', { name: 'Read in the Knowledge Base' }).first()).toHaveAttribute('href', `/knowledge#${item.id}`);

    // A help FAQ's question finds that FAQ.
    const faq = help.faqs.at(-1)!;
    await box.fill(faq.question);
    await expect(chat).toContainText(`Here is what I found for "${faq.question}"`, { timeout: 5000 });
    await expect(chat).toContainText(faq.answer);
  });

  test('a question typed and sent before the assistant has loaded is searched once it has (docs/decisions.md 88)', async ({ page }) => {
    // Hold the island's code back until the question is typed into its server-rendered box and sent.
    const { island, release, dialog } = await openWithCodeHeld(page);
    const item = knowledgeBase.at(-1)!;
    const box = dialog.getByRole('searchbox', { name: 'Search help articles' });
    await box.fill(item.question);
    await box.press('Enter');
    // The browser did not send the search box's form itself: the page is still there, open.
    await expect(island).toHaveAttribute('ssr', '');
    expect(page.url()).toMatch(/\/about$/);
    await expect(dialog).toBeVisible();
    release();
    const chat = dialog.getByRole('list', { name: 'Conversation' });
    await expect(chat).toContainText(`Here is what I found for "${item.question}"`, { timeout: 10_000 });
  });

  test('a search without a match answers with the no-match message quoting the query', async ({ page }) => {
    const dialog = await openAssistant(page);
    await dialog.getByRole('searchbox', { name: 'Search help articles' }).fill('xyzzy plover');
    const chat = dialog.getByRole('list', { name: 'Conversation' });
    await expect(chat).toContainText(`I couldn't find any exact matches for "xyzzy plover"`);
    await expect(chat).toContainText('browse the help categories, contact our support team, or try a different search term');
    await expect(chat.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
    await chat.getByRole('button', { name: 'Browse help categories' }).click();
    await expect(dialog.getByRole('list', { name: 'Help categories' })).toBeVisible();
  });

  test('the page behind does not scroll while it is open, and does again after', async ({ page }) => {
    const dialog = await openAssistant(page);
    await page.mouse.move(100, 300); // over the backdrop, outside the dialog
    await page.mouse.wheel(0, 800);
    // Fixed wait: proves the page behind does not scroll; a scroll that does not come has no event.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('Escape closes it and focus returns to the button', async ({ page }) => {
    const dialog = await openAssistant(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(launcherOf(page)).toBeFocused();
    await launcherOf(page).click();
    await dialog.getByRole('button', { name: 'Close help assistant' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(launcherOf(page)).toBeFocused();
  });

  test('works with the keyboard alone: Tab never reaches the page behind, Enter chooses, Escape leaves', async ({ page }) => {
    await visit(page, '/knowledge');
    await page.getByRole('button', { name: 'Decline All' }).click();
    await launcherOf(page).focus();
    await page.keyboard.press('Enter');
    const dialog = dialogOf(page);
    await expect(dialog.getByRole('searchbox')).toBeFocused();
    // Tab through more stops than the dialog has: focus never reaches the page behind. Past the
    // last stop a modal <dialog> lets focus out to the browser's own controls (the address bar),
    // and the next Tab brings it back to the dialog's first stop.
    const places: FocusPlace[] = [];
    for (let i = 0; i < 14; i += 1) {
      await page.keyboard.press('Tab');
      places.push(await focusPlace(page));
    }
    expect(places).not.toContain('page');
    expect(places.filter((p) => p === 'dialog').length).toBeGreaterThanOrEqual(13);
    expect(places.at(-1)).toBe('dialog');
    // Shift+Tab from the first stop does not reach the page either, and comes back round.
    await dialog.getByRole('button', { name: 'Close help assistant' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focusPlace(page)).not.toBe('page');
    await page.keyboard.press('Shift+Tab');
    expect(await focusPlace(page)).toBe('dialog');
    await dialog.getByRole('button', { name: 'Close help assistant' }).focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('searchbox')).toBeFocused();
    await page.keyboard.press('Tab');
    const first = help.categories[0]!;
    await expect(dialog.getByRole('button', { name: new RegExp(`^${first.name}`) })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('list', { name: `${first.name} questions` })).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Back to categories' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('list', { name: 'Help categories' })).toBeVisible();
    await page.keyboard.type(knowledgeBase[0]!.question);
    await expect(dialog.getByRole('list', { name: 'Conversation' })).toContainText(knowledgeBase[0]!.answer.split('\n')[0]!);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(launcherOf(page)).toBeFocused();
  });

  test('the help button and Live Chat open it before any script has run', async ({ page }) => {
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto('/');
    const liveChat = page.getByRole('button', { name: 'Live Chat' });
    await liveChat.click();
    const dialog = dialogOf(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Help categories' }).getByRole('button')).toHaveCount(help.categories.length);
    await expect(dialog.getByRole('searchbox', { name: 'Search help articles' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(liveChat).toBeFocused();
    await launcherOf(page).click();
    await expect(dialog).toBeVisible();
  });

  test('while its code is still loading, the page behind stays still and a press inside it is not lost', async ({ page }) => {
    const { island, release, dialog } = await openWithCodeHeld(page);
    await expect(island).toHaveAttribute('ssr', '');
    // The page behind is already kept still (by CSS: no script has run to lock it).
    await page.mouse.move(100, 300);
    await page.mouse.wheel(0, 800);
    // Fixed wait: proves the page behind does not scroll; a scroll that does not come has no event.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // A quick tap on a category while the code is on its way: the server-rendered button.
    const category = withFaqs[0]!;
    await dialog.getByRole('button', { name: new RegExp(`^${category.name}`) }).click();
    await expect(island).toHaveAttribute('ssr', '');
    release();
    await expect(dialog.getByRole('list', { name: `${category.name} questions` }).getByRole('button')).toHaveText(faqsOf(category.id).map((f) => f.question));
  });

  test('a press on Close while its code is still loading closes it once the code runs', async ({ page }) => {
    const { island, release, dialog } = await openWithCodeHeld(page);
    // The server-rendered Close, pressed before the island's code ran: pressed again once it has.
    await dialog.getByRole('button', { name: 'Close help assistant' }).click();
    await expect(island).toHaveAttribute('ssr', '');
    release();
    await expect(island).not.toHaveAttribute('ssr');
    await expect(dialog).toBeHidden();
    // And it opens again on the next press.
    await launcherOf(page).click();
    await expect(dialog).toBeVisible();
  });

  test("the home page's Live Chat button opens it", async ({ page }) => {
    await visit(page, '/');
    await page.getByRole('button', { name: 'Decline All' }).click();
    const liveChat = page.getByRole('button', { name: 'Live Chat' });
    await liveChat.click();
    await expect(dialogOf(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(liveChat).toBeFocused();
  });
});
