// Vitest's global set-up (vitest.config.ts): nothing before the run; after it, the system users,
// claims and folders of the tests' installs that are gone (test/helpers/gone-test-installs.ts).
import { removeGoneTestInstalls } from './helpers/gone-test-installs.ts';

export function teardown(): void {
  const removed = removeGoneTestInstalls();
  if (removed.length > 0) console.log(`removed ${removed.length} system users of test installs that are gone`);
}
