// Playwright's global teardown (playwright.config.ts): the system users, claims and folders of
// the tests' installs that are gone (test/helpers/gone-test-installs.ts).
import { removeGoneTestInstalls } from '../helpers/gone-test-installs.ts';

export default function globalTeardown(): void {
  const removed = removeGoneTestInstalls();
  if (removed.length > 0) console.log(`removed ${removed.length} system users of test installs that are gone`);
}
