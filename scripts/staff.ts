// Staff accounts for operators: `npm run staff -- add EMAIL --role admin|support`, `list`, `reset EMAIL`, `remove EMAIL`.
// Reads DATABASE_URL and PUBLIC_URL (enrolment links start with it) like the server does.
import { runStaffCli } from '../server/staff/staff-cli.ts';
import { runOperatorCli } from './operator-cli.ts';

await runOperatorCli('staff', ({ args, db, dialect, config, out, err }) => runStaffCli(args, { db, dialect, config, out, err }));
