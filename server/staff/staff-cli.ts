import type { Kysely } from 'kysely';
import { staffRoles, type StaffRole } from '../../contracts/staff-rules.ts';
import { AuditLog } from '../audit/audit-service.ts';
import type { AppConfig } from '../config/config.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { relyingPartyOf } from './staff-relying-party.ts';
import { shellOperator, StaffService } from './staff-service.ts';

export const staffCliUsage = `Staff accounts, for operators (reads DATABASE_URL and PUBLIC_URL):
  npm run staff -- add EMAIL --role admin|support   add a person; prints their one-time enrolment link
  npm run staff -- list                             everyone, with role, state and passkeys
  npm run staff -- reset EMAIL                      a new enrolment link; their passkeys are revoked and sessions ended
  npm run staff -- remove EMAIL                     remove a person (never the last active admin)
Enrolment links work once, for 24 hours.`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

interface CliDeps extends CliIo {
  db: Kysely<Database>;
  dialect: Dialect;
  config: AppConfig;
  now?: () => number;
}

function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function warnIfNoRelyingParty(deps: CliDeps): void {
  const rp = relyingPartyOf(deps.config.publicUrl, 'check');
  if ('problem' in rp) deps.err(`Warning: the link will not work until PUBLIC_URL is fixed. ${rp.problem}`);
}

async function add(service: StaffService, args: string[], deps: CliDeps): Promise<number> {
  const [email, ...rest] = args;
  let role: StaffRole | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const value = arg === '--role' ? rest[++i] : arg.startsWith('--role=') ? arg.slice('--role='.length) : undefined;
    if (value === undefined) {
      deps.err(`Unknown option ${arg}\n\n${staffCliUsage}`);
      return 2;
    }
    if (!staffRoles.includes(value as StaffRole)) {
      deps.err(`--role takes admin or support, not "${value}".`);
      return 2;
    }
    role = value as StaffRole;
  }
  if (!email || !role) {
    deps.err(`Give an e-mail address and a role, like: npm run staff -- add alice@example.com --role admin`);
    return 2;
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    deps.err(`"${email}" is not an e-mail address.`);
    return 2;
  }
  const added = await service.add(email, role, shellOperator);
  deps.out(`Added ${added.member.email} (${role}). Their one-time enrolment link, valid until ${formatTime(added.expiresAt)}:`);
  deps.out(added.link);
  warnIfNoRelyingParty(deps);
  return 0;
}

async function list(service: StaffService, deps: CliDeps): Promise<number> {
  const people = await service.summaries();
  if (people.length === 0) {
    deps.out('No staff yet. Add the first admin with: npm run staff -- add EMAIL --role admin');
    return 0;
  }
  deps.out(`${'EMAIL'.padEnd(32)}  ${'NAME'.padEnd(20)}  ${'ROLE'.padEnd(7)}  ${'STATE'.padEnd(22)}  ${'PASSKEYS'.padEnd(8)}  LAST SIGN-IN`);
  for (const p of people) {
    const state = p.disabledAt !== null ? 'disabled' : p.passkeys > 0 ? 'active' : p.enrolmentExpiresAt ? 'invited (link open)' : 'invited (link expired)';
    deps.out(
      `${p.email.padEnd(32)}  ${(p.displayName ?? '-').slice(0, 20).padEnd(20)}  ${p.role.padEnd(7)}  ${state.padEnd(22)}  ${String(p.passkeys).padEnd(8)}  ${p.lastSignInAt ? formatTime(p.lastSignInAt) : 'never'}`,
    );
  }
  deps.out(`\n${people.length} ${people.length === 1 ? 'person' : 'people'}.`);
  return 0;
}

async function byEmail(service: StaffService, email: string | undefined, deps: CliDeps): Promise<string | number> {
  if (!email) {
    deps.err(`Give an e-mail address.\n\n${staffCliUsage}`);
    return 2;
  }
  const account = await service.findByEmail(email);
  if (!account) {
    deps.err(`No staff account for ${email}. See them with: npm run staff -- list`);
    return 1;
  }
  return account.id;
}

async function reset(service: StaffService, args: string[], deps: CliDeps): Promise<number> {
  const id = await byEmail(service, args[0], deps);
  if (typeof id === 'number') return id;
  const done = await service.reset(id, shellOperator);
  deps.out(`Reset ${done.member.email}: their passkeys are revoked and their sessions ended. New enrolment link, valid until ${formatTime(done.expiresAt)}:`);
  deps.out(done.link);
  warnIfNoRelyingParty(deps);
  return 0;
}

async function remove(service: StaffService, args: string[], deps: CliDeps): Promise<number> {
  const id = await byEmail(service, args[0], deps);
  if (typeof id === 'number') return id;
  await service.remove(id, shellOperator);
  deps.out(`Removed ${args[0]!.toLowerCase()}: their passkeys, links and sessions are gone.`);
  return 0;
}

/** Runs one CLI command; returns the exit code (0 done, 1 refused, 2 wrong usage). */
export async function runStaffCli(argv: string[], deps: CliDeps): Promise<number> {
  const now = deps.now ?? Date.now;
  const service = new StaffService({ db: deps.db, dialect: deps.dialect, audit: new AuditLog(deps.db, now), now, publicUrl: deps.config.publicUrl });
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'add':
        return await add(service, args, deps);
      case 'list':
        return await list(service, deps);
      case 'reset':
        return await reset(service, args, deps);
      case 'remove':
        return await remove(service, args, deps);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        (command ? deps.out : deps.err)(staffCliUsage);
        return command ? 0 : 2;
      default:
        deps.err(`Unknown command ${command}\n\n${staffCliUsage}`);
        return 2;
    }
  } catch (error) {
    // The service's refusals (already on the team, the last admin) are for people: say them plainly.
    if (error instanceof HttpError && error.statusCode < 500) {
      deps.err(error.message);
      return 1;
    }
    throw error;
  }
}
