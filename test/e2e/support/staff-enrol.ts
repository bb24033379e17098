import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { staffCli } from './staff-cli.ts';
import { addVirtualAuthenticator } from './virtual-authenticator.ts';

/**
 * Adds a staff member with the CLI, as an operator would, and enrols them in a new browser
 * context with a virtual passkey; resolves with their page on the console's Overview.
 */
export async function enrolStaff(
  browser: Browser,
  options: { origin: string; env: Record<string, string>; email: string; role: 'admin' | 'support' | 'editor'; name: string; context?: BrowserContextOptions },
): Promise<Page> {
  const output = await staffCli(['add', options.email, '--role', options.role], options.env);
  const link = output.split('\n').find((line) => line.startsWith(`${options.origin}/staff/enrol#`));
  if (!link) throw new Error(`no enrolment link in:\n${output}`);
  const context = await browser.newContext({ baseURL: options.origin, ...options.context });
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await addVirtualAuthenticator(page);
  await page.goto(link);
  await page.getByLabel('Your name').fill(options.name);
  await page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  return page;
}
