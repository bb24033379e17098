import { test } from '@playwright/test';
import { allPages } from '../../src/data/pages.ts';
import { scanRoute } from './support/a11y.ts';

// Each test reads one page and changes nothing, so the workers share this file's tests: one
// worker no longer runs every page alone at the end of the run.
test.describe.configure({ mode: 'parallel' });

// axe-core over every route at phone size (the project runs this file as a Pixel 7).
for (const page of allPages) {
  test(`axe: ${page.path} has no serious or critical violation (phone)`, async ({ page: tab }) => {
    await scanRoute(tab, page.path);
  });
}
