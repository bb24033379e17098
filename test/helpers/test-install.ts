import path from 'node:path';
import { type Install, loadOrCreateInstall } from '../../server/panel/local/install.ts';

/** The install of this checkout's `./data`: the one a local driver made without one belongs to (local-driver.ts). */
export function testInstall(): Install {
  return loadOrCreateInstall(path.resolve('data'));
}
