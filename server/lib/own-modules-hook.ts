// Loaded with `node --import` into the processes of a build that `npm start` runs
// (scripts/ensure-build.ts): packages from this checkout only, as in the app (docs/decisions.md 62).
import { checkoutRoot } from './checkout-guard.ts';
import { refuseModulesAbove } from './own-modules.ts';

refuseModulesAbove(checkoutRoot);
