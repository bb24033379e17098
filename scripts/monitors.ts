// Status monitors for operators: `npm run monitors -- list`, `npm run monitors -- import FILE`.
// Reads DATABASE_URL like the server does; running servers take the change without a restart.
import { runMonitorsCli } from '../server/status/monitors-cli.ts';
import { runOperatorCli } from './operator-cli.ts';

await runOperatorCli('monitors', ({ args, db, config, pool, out, err }) => runMonitorsCli(args, { db, config, pool, out, err }));
