// Status monitors for operators: `npm run monitors -- list`, `npm run monitors -- import FILE`.
// Reads DATABASE_URL like the server does; running servers take the change without a restart.
// The file's `alerts` section is the alerts capability's, handed in (docs/decisions.md 140).
import { alertsFileSection } from '../server/alerts/alerts-file.ts';
import { runMonitorsCli } from '../server/status/monitors-cli.ts';
import { runOperatorCli } from './operator-cli.ts';

await runOperatorCli('monitors', ({ args, db, config, pool, out, err }) => runMonitorsCli(args, { db, config, pool, out, err, sections: [alertsFileSection] }));
