import { expect, test } from '@playwright/test';
import { allPages } from '../../src/data/pages.ts';
import { visit } from './support/visit.ts';

// Each test reads one page and changes nothing, so the workers share this file's tests: one
// worker no longer runs every page alone at the end of the run.
test.describe.configure({ mode: 'parallel' });

// Every route of src/data/pages.ts answers 200, shows its heading as the one h1, and logs no
// error (a CSP violation, a failed request or a crash of an island would).
for (const page of allPages) {
  test(`${page.path} answers 200 with its heading and no console error`, async ({ page: tab }) => {
    const errors: string[] = [];
    tab.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    tab.on('pageerror', (e) => errors.push(e.message));
    const response = await tab.request.get(page.path);
    expect(response.status()).toBe(200);
    await visit(tab, page.path);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(page.heading);
    await expect(tab.locator('h1')).toHaveCount(1);
    await expect(tab).toHaveTitle(new RegExp(page.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    // Fixed wait: gives late console errors (after hydration) time to show; none come to wait for.
    await tab.waitForTimeout(300);
    expect(errors).toEqual([]);
  });
}
