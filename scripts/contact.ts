// Contact messages for operators: `npm run contact -- list [--failed]`, `show ID`, `retry ID|--failed`, `purge`.
// Reads DATABASE_URL (and the channel variables, for retry) like the server does.
import { runContactCli } from '../server/contact/contact-cli.ts';
import { runOperatorCli } from './operator-cli.ts';

await runOperatorCli('contact', ({ args, db, config, out, err }) => runContactCli(args, { db, config, out, err }));
