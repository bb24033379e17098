import { expect, test } from '@playwright/test';
import { company } from '../../src/data/company.ts';
import { datacenters } from '../../src/data/datacenters.ts';
import { infoPage } from '../../src/data/infrastructure.ts';
import { careers } from '../../src/data/jobs.ts';
import { knowledgeBase } from '../../src/data/knowledge.ts';
import { legalDocuments } from '../../src/data/legal.ts';
import { partners } from '../../src/data/partners.ts';
import { visit } from './support/visit.ts';

test.describe('about, partners, careers', () => {
  test('/about tells the story, mission, numbers and values, and leads to the open positions', async ({ page }) => {
    await visit(page, '/about');
    const main = page.locator('main');
    await expect(main.getByRole('heading', { name: 'Our Story' })).toBeVisible();
    const { story } = company;
    await expect(main).toContainText(`Founded in ${story.foundedYear} in ${story.city}, ${story.country}`);
    await expect(main).toContainText(company.mission);
    for (const s of company.stats) await expect(main.getByText(s.value, { exact: true })).toBeVisible();
    for (const v of company.values) await expect(main.getByRole('heading', { name: v.name })).toBeVisible();
    await expect(main.getByRole('heading', { name: company.joinTeam.title })).toBeVisible();
    await main.getByRole('link', { name: 'View Open Positions' }).click();
    await expect(page).toHaveURL(/\/careers$/);
  });

  test('/partners shows every partner with its benefits, the partnership benefits and working calls to action', async ({ page }) => {
    await visit(page, '/partners');
    const main = page.locator('main');
    for (const p of partners.partners) {
      await expect(main.getByRole('heading', { name: p.name, exact: true })).toBeVisible();
      for (const b of p.benefits) await expect(main.getByText(b)).toBeVisible();
    }
    for (const kind of new Set(partners.partners.map((p) => p.kind))) {
      await expect(main.getByText(kind, { exact: true })).toHaveCount(partners.partners.filter((p) => p.kind === kind).length);
    }
    for (const b of partners.benefits) await expect(main.getByRole('heading', { name: b.title })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Become a Partner' })).toHaveAttribute('href', '/contact');
    await expect(main.getByRole('link', { name: 'Download Partnership Guide' })).toHaveAttribute('href', '/contact?subject=Partnership%20Guide');
  });

  test('/careers shows the values and every position; Apply Now and Send Your Resume open the contact page with a subject', async ({ page }) => {
    await visit(page, '/careers');
    const main = page.locator('main');
    for (const v of careers.values) await expect(main.getByRole('heading', { name: v.name })).toBeVisible();
    const apply = main.getByRole('link', { name: /^Apply Now/ });
    await expect(apply).toHaveCount(careers.positions.length);
    for (const job of careers.positions) {
      const card = main.getByRole('article', { name: job.title });
      await expect(card).toContainText(job.department);
      await expect(card).toContainText(job.location);
      await expect(card).toContainText(job.type);
      for (const r of job.requirements) await expect(card).toContainText(r);
      const href = new URL((await card.getByRole('link', { name: /^Apply Now/ }).getAttribute('href'))!, page.url());
      expect([href.pathname, href.searchParams.get('subject')]).toEqual(['/contact', `Application: ${job.title}`]);
    }
    const resume = new URL((await main.getByRole('link', { name: 'Send Your Resume' }).getAttribute('href'))!, page.url());
    expect([resume.pathname, resume.searchParams.get('subject')]).toEqual(['/contact', 'Resume Submission']);
    // The contact form takes the subject from the link.
    await apply.first().click();
    await expect(page).toHaveURL(/\/contact\?subject=/);
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(`Application: ${careers.positions[0]!.title}`);
  });
});

test.describe('knowledge base', () => {
  test('every question, one open at a time, and a link to /contact', async ({ page }) => {
    await visit(page, '/knowledge');
    const main = page.locator('main');
    const headers = main.locator('button[aria-controls^="kb-"]');
    await expect(headers).toHaveCount(knowledgeBase.length);
    await expect(main.locator('section[id^="kb-"]:visible')).toHaveCount(0);
    const first = knowledgeBase[0]!;
    const second = knowledgeBase[1]!;
    await main.getByRole('button', { name: first.question }).click();
    await expect(main.getByRole('button', { name: first.question })).toHaveAttribute('aria-expanded', 'true');
    await expect(main.getByRole('region', { name: first.question })).toContainText(first.answer);
    await main.getByRole('button', { name: second.question }).click();
    await expect(main.getByRole('button', { name: first.question })).toHaveAttribute('aria-expanded', 'false');
    await expect(main.getByRole('region', { name: first.question })).toBeHidden();
    await expect(main.getByRole('region', { name: second.question })).toBeVisible();
    await expect(main.locator('section[id^="kb-"]:visible')).toHaveCount(1);
    await main.getByRole('button', { name: second.question }).click();
    await expect(main.locator('section[id^="kb-"]:visible')).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  });

  test('works by keyboard: arrows move between questions, Enter and Space toggle', async ({ page }) => {
    await visit(page, '/knowledge');
    const main = page.locator('main');
    const q = (i: number) => main.getByRole('button', { name: knowledgeBase[i]!.question });
    const last = knowledgeBase.length - 1;
    await q(0).focus();
    await page.keyboard.press('ArrowDown');
    await expect(q(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(q(last)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(q(0)).toBeFocused();
    await page.keyboard.press('End');
    await expect(q(last)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(q(last)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(q(last)).toHaveAttribute('aria-expanded', 'false');
  });

  test('a link with #id (from the help assistant) opens that answer', async ({ page }) => {
    const item = knowledgeBase.at(-1)!;
    await visit(page, `/knowledge#${item.id}`);
    await expect(page.getByRole('region', { name: item.question })).toBeVisible();
    await expect(page.locator('section[id^="kb-"]:visible')).toHaveCount(1);
  });
});

test.describe('legal', () => {
  test('one tab per document, the first selected; each tab shows its whole document and hides the others', async ({ page }) => {
    await visit(page, '/legal');
    const tabs = page.getByRole('tablist', { name: 'Legal documents' }).getByRole('tab');
    await expect(tabs).toHaveText(legalDocuments.map((d) => d.title));
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: legalDocuments[0]!.title })).toBeVisible();
    for (const doc of [...legalDocuments.slice(1), legalDocuments[0]!]) {
      await page.getByRole('tab', { name: doc.title }).click();
      const panel = page.getByRole('tabpanel', { name: doc.title });
      await expect(panel).toBeVisible();
      for (const section of doc.sections) {
        await expect(panel.getByRole('heading', { name: section.heading, exact: true })).toBeVisible();
        for (const item of section.items) await expect(panel).toContainText(item);
      }
      for (const other of legalDocuments.filter((d) => d !== doc)) await expect(page.getByRole('tabpanel', { name: other.title })).toBeHidden();
    }
  });

  test('arrow keys move between tabs and select them', async ({ page }) => {
    await visit(page, '/legal');
    const tab = (name: string) => page.getByRole('tab', { name });
    await tab('Terms of Service').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab('Privacy Policy')).toBeFocused();
    await expect(tab('Privacy Policy')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Privacy Policy' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(tab('Terms of Service')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(tab('Refund Policy')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(tab('Terms of Service')).toHaveAttribute('aria-selected', 'true');
    // Only the selected tab is in the Tab order; Tab moves on into the panel.
    await expect(tab('Privacy Policy')).toHaveAttribute('tabindex', '-1');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'Terms of Service' })).toBeFocused();
  });

  test('#privacy (the cookie banner links there) opens the Privacy Policy', async ({ page }) => {
    await visit(page, '/legal#privacy');
    await expect(page.getByRole('tab', { name: 'Privacy Policy' })).toHaveAttribute('aria-selected', 'true');
  });
});

test.describe('infrastructure pages', () => {
  test('/datacenters shows every location with its country and its lines', async ({ page }) => {
    await visit(page, '/datacenters');
    const main = page.locator('main');
    for (const dc of datacenters.locations) {
      const card = main.getByRole('listitem').filter({ has: page.getByRole('heading', { name: dc.city, exact: true }) });
      await expect(card).toBeVisible();
      await expect(card).toContainText(dc.country);
      for (const f of dc.features) await expect(card.getByText(f, { exact: true })).toBeVisible();
    }
  });

  for (const path of ['/ddos', '/hardware', '/security'] as const) {
    test(`${path} states its facts and its call to action goes to /products`, async ({ page }) => {
      const content = infoPage(path);
      await visit(page, path);
      const main = page.locator('main');
      for (const h of content.highlights) await expect(main.getByText(h.value, { exact: true }).first()).toBeVisible();
      for (const f of content.features) await expect(main.getByRole('heading', { name: f.title, exact: true })).toBeVisible();
      const cta = main.getByRole('link', { name: content.cta.label });
      await cta.click();
      await expect(page).toHaveURL(/\/products$/);
    });
  }
});
