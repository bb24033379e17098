import type { Kysely } from 'kysely';
import { staffRoles, type StaffRole } from '../../contracts/staff-rules.ts';
import { AuditLog } from '../audit/audit-service.ts';
import type { AppConfig } from '../config/config.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { relyingPartyOf } from '../lib/relying-party.ts';
import { shellOperator, StaffService } from './staff-service.ts';

export const staffCliUsage = `Staff accounts, for operators (reads DATABASE_URL, PUBLIC_URL, PORT and HOST from the environment, as the server does):
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

/** How long the CLI waits for the running site to answer before it says it cannot tell. */
const siteCheckTimeoutMs = 2000;

/** Asks the site at publicUrl for its health answer: true when a Hostfront server answers there. */
export async function hostfrontAnswersAt(publicUrl: string): Promise<boolean> {
  try {
    const response = await fetch(new URL('/api/health', publicUrl), { signal: AbortSignal.timeout(siteCheckTimeoutMs), redirect: 'manual' });
    if (!response.ok) return false;
    const body = (await response.json()) as { status?: unknown; version?: unknown };
    return body.status === 'ok' && typeof body.version === 'string';
  } catch {
    return false;
  }
}

function formatTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The link starts with the address the server derives from the same environment (PUBLIC_URL, or
 * http://localhost:PORT on loopback). The CLI cannot see another shell's variables, so it checks that
 * a site answers at that address and says plainly when none does, with what to run instead.
 */
async function checkLink(deps: CliDeps, again: string): Promise<void> {
  const rp = relyingPartyOf(deps.config.publicUrl, 'check');
  if ('problem' in rp) {
    deps.err(`Warning: the link will not work until PUBLIC_URL is fixed. ${rp.problem}`);
    return;
  }
  const answers = await hostfrontAnswersAt(deps.config.publicUrl);
  if (answers) {
    deps.out(`The site answers at ${deps.config.publicUrl}: the link is for it.`);
    return;
  }
  deps.err(
    `Warning: no Hostfront site answers at ${deps.config.publicUrl} now, so this command cannot tell whether the link works. ` +
      `The link starts with PUBLIC_URL, or http://localhost:PORT when PUBLIC_URL is unset (here PORT is ${deps.config.port} and HOST ${deps.config.host}).`,
  );
  deps.err(`If the site runs with another PUBLIC_URL, PORT or HOST, run this again with the same values (e.g. PORT=5000 npm run staff -- ${again}).`);
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
  await checkLink(deps, `reset ${added.member.email}`);
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
  await checkLink(deps, `reset ${done.member.email}`);
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
