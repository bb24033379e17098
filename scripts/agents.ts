// Probe agents' tokens for operators: `npm run agents -- add LOCATION | list | revoke ID`.
// Reads DATABASE_URL like the server does.
import { runAgentsCli } from '../server/probe-locations/agents-cli.ts';
import { runOperatorCli } from './operator-cli.ts';

await runOperatorCli('agents', ({ args, db, out, err }) => runAgentsCli(args, { db, out, err }));
