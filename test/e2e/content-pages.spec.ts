import { expect, test } from '@playwright/test';
import { company } from '../../src/data/company.ts';
import { datacenters } from '../../src/data/datacenters.ts';
import { careers } from '../../src/data/jobs.ts';
import { knowledgeBase } from '../../src/data/knowledge.ts';
import { partners } from '../../src/data/partners.ts';
import { visit } from './support/visit.ts';

test.describe('about, partners, careers', () => {
  test('/about tells the story, mission, numbers and values, and leads to the open positions', async ({ page }) => {
    await visit(page, '/about');
    const main = page.locator('main');
    await expect(main.getByRole('heading', { name: 'Our Story' })).toBeVisible();
    await expect(main).toContainText('Founded in 2020 in Mumbai, India');
    await expect(main.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
    for (const s of ['10K+', '99.9%', '24/7']) await expect(main.getByText(s, { exact: true })).toBeVisible();
    for (const v of ['Excellence', 'Transparency', 'Innovation']) await expect(main.getByRole('heading', { name: v })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Join Our Team' })).toBeVisible();
    await main.getByRole('link', { name: 'View Open Positions' }).click();
    await expect(page).toHaveURL(/\/careers$/);
    expect(company.values).toHaveLength(3);
  });

  test('/partners shows three partners with benefits, six partnership benefits and working calls to action', async ({ page }) => {
    await visit(page, '/partners');
    const main = page.locator('main');
    for (const p of partners.partners) {
      await expect(main.getByRole('heading', { name: p.name, exact: true })).toBeVisible();
      for (const b of p.benefits) await expect(main.getByText(b)).toBeVisible();
    }
    await expect(main.getByText('Hardware', { exact: true })).toHaveCount(2);
    await expect(main.getByText('Security & CDN', { exact: true })).toHaveCount(1);
    for (const b of partners.benefits) await expect(main.getByRole('heading', { name: b.title })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Become a Partner' })).toHaveAttribute('href', '/contact');
    await expect(main.getByRole('link', { name: 'Download Partnership Guide' })).toHaveAttribute('href', '/contact?subject=Partnership%20Guide');
  });

  test('/careers shows the values and three positions; Apply Now and Send Your Resume open the contact page with a subject', async ({ page }) => {
    await visit(page, '/careers');
    const main = page.locator('main');
    for (const v of careers.values) await expect(main.getByRole('heading', { name: v.name })).toBeVisible();
    const apply = main.getByRole('link', { name: /^Apply Now/ });
    await expect(apply).toHaveCount(3);
    for (const job of careers.positions) {
      const card = main.getByRole('article', { name: job.title });
      await expect(card).toContainText(job.department);
      await expect(card).toContainText(job.location);
      await expect(card).toContainText(job.type);
      for (const r of job.requirements) await expect(card).toContainText(r);
      await expect(card.getByRole('link', { name: /^Apply Now/ })).toHaveAttribute('href', `/contact?subject=Application:%20${job.title.replaceAll(' ', '%20')}`);
    }
    const resume = main.getByRole('link', { name: 'Send Your Resume' });
    const href = await resume.getAttribute('href');
    expect(new URL(href!, 'http://x').pathname).toBe('/contact');
    expect(new URL(href!, 'http://x').searchParams.get('subject')).toBe('Resume Submission');
    await apply.first().click();
    await expect(page).toHaveURL(/\/contact\?subject=Application:%20Customer%20Support%20Engineer$/);
  });
});

test.describe('knowledge base', () => {
  test('ten questions, one open at a time, and a link to /contact', async ({ page }) => {
    await visit(page, '/knowledge');
    const main = page.locator('main');
    const headers = main.locator('button[aria-controls^="kb-"]');
    await expect(headers).toHaveCount(10);
    await expect(main.locator('[role="region"][id^="kb-"]:visible')).toHaveCount(0);
    const first = knowledgeBase[0]!;
    const second = knowledgeBase[1]!;
    await main.getByRole('button', { name: first.question }).click();
    await expect(main.getByRole('button', { name: first.question })).toHaveAttribute('aria-expanded', 'true');
    await expect(main.getByRole('region', { name: first.question })).toContainText(first.answer);
    await main.getByRole('button', { name: second.question }).click();
    await expect(main.getByRole('button', { name: first.question })).toHaveAttribute('aria-expanded', 'false');
    await expect(main.getByRole('region', { name: first.question })).toBeHidden();
    await expect(main.getByRole('region', { name: second.question })).toBeVisible();
    await expect(main.locator('[role="region"][id^="kb-"]:visible')).toHaveCount(1);
    await main.getByRole('button', { name: second.question }).click();
    await expect(main.locator('[role="region"][id^="kb-"]:visible')).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  });

  test('works by keyboard: arrows move between questions, Enter and Space toggle', async ({ page }) => {
    await visit(page, '/knowledge');
    const main = page.locator('main');
    const q = (i: number) => main.getByRole('button', { name: knowledgeBase[i]!.question });
    await q(0).focus();
    await page.keyboard.press('ArrowDown');
    await expect(q(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(q(9)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(q(0)).toBeFocused();
    await page.keyboard.press('End');
    await expect(q(9)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(q(9)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(q(9)).toHaveAttribute('aria-expanded', 'false');
  });

  test('a link with #id (from the help assistant) opens that answer', async ({ page }) => {
    await visit(page, '/knowledge#world-transfer');
    await expect(page.getByRole('region', { name: 'Can I transfer my existing Minecraft world?' })).toBeVisible();
  });
});

test.describe('legal', () => {
  test('tabs: Terms of Service by default, Privacy Policy, Refund Policy with the refund terms', async ({ page }) => {
    await visit(page, '/legal');
    const tabs = page.getByRole('tablist', { name: 'Legal documents' }).getByRole('tab');
    await expect(tabs).toHaveText(['Terms of Service', 'Privacy Policy', 'Refund Policy']);
    await expect(page.getByRole('tab', { name: 'Terms of Service' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Terms of Service' })).toBeVisible();
    await page.getByRole('tab', { name: 'Refund Policy' }).click();
    const refund = page.getByRole('tabpanel', { name: 'Refund Policy' });
    await expect(refund).toBeVisible();
    await expect(refund).toContainText('7-day money-back guarantee');
    await expect(refund).toContainText('5-7 business days');
    for (const item of ['Domain registrations', 'SSL certificates', 'Custom configurations', 'Services used for more than 7 days']) await expect(refund).toContainText(item);
    await expect(page.getByRole('tabpanel', { name: 'Terms of Service' })).toBeHidden();
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
  test('/datacenters lists Mumbai, Singapore and Frankfurt with their network and hardware', async ({ page }) => {
    await visit(page, '/datacenters');
    const main = page.locator('main');
    for (const dc of datacenters.locations) {
      await expect(main.getByRole('heading', { name: dc.city, exact: true })).toBeVisible();
      await expect(main).toContainText(dc.country);
    }
    for (const f of ['10 Gbps Network', 'AMD EPYC 7763', 'NVMe SSD', 'Latency under 5ms']) await expect(main.getByText(f, { exact: true })).toHaveCount(3);
  });

  for (const [path, claim] of [
    ['/ddos', '1 Tbps'],
    ['/hardware', 'AMD EPYC 7763'],
    ['/security', '24/7'],
  ] as const) {
    test(`${path} states its facts and its call to action goes to /products`, async ({ page }) => {
      await visit(page, path);
      const main = page.locator('main');
      await expect(main.getByText(claim, { exact: true }).first()).toBeVisible();
      const cta = main.locator('a[href="/products"]').last();
      await cta.click();
      await expect(page).toHaveURL(/\/products$/);
    });
  }
});
