// Preloaded with `node --import` by tests that check what the server has loaded: appends the URL
// of every module loaded (by import or require) to the file named by RECORD_LOADED_MODULES.
import fs from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.RECORD_LOADED_MODULES;
if (file) {
  registerHooks({
    load(url, context, nextLoad) {
      fs.appendFileSync(file, `${url}\n`);
      return nextLoad(url, context);
    },
  });
}
