import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { runStaffCli } from '../../../server/staff/staff-cli.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../../helpers/databases.ts';
import { runCliInProcess, spawnCli } from '../../helpers/operator-cli.ts';
import { SoftAuthenticator } from '../../helpers/soft-authenticator.ts';
import { auditRows, enrolWith, signIn, tokenOf } from '../../helpers/staff.ts';
import { testConfig } from '../../helpers/test-config.ts';

/** `npm run staff -- args` as a process of its own: the first test and the usage error go this way. */
const spawnedStaffCli = (args: string[], env: Record<string, string>) => spawnCli('staff', args, env);
/** The same command's logic called in this process as scripts/staff.ts calls it (the other cases). */
const staffCli = (args: string[], env: Record<string, string>) => runCliInProcess('staff', runStaffCli, args, env);

/** The line that is only a link. */
function linkIn(stdout: string): string {
  const line = stdout.split('\n').find((l) => /^http\S+$/.test(l));
  if (!line) throw new Error(`no link line in:\n${stdout}`);
  return line;
}

describe.each(dialects)('npm run staff (%s)', (dialect) => {
  let database: TestDatabase;
  let env: Record<string, string>;
  let app: FastifyInstance;

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    env = { DATABASE_URL: database.url, PUBLIC_URL: 'http://localhost:4321' };
    app = await buildApp(testConfig(database.url));
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  it('adds a person and prints the one-time link on a line of its own; the link enrols them', async () => {
    const added = await spawnedStaffCli(['add', 'Alice@Example.com', '--role', 'admin'], env);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^Added alice@example\.com \(admin\)\. Their one-time enrolment link, valid until \d{4}-\d\d-\d\d \d\d:\d\d UTC:$/m);
    const link = linkIn(added.stdout);
    expect(link).toMatch(/^http:\/\/localhost:4321\/staff\/enrol#[A-Za-z0-9_-]{43}$/);
    expect((await enrolWith(app, tokenOf(link), new SoftAuthenticator('http://localhost:4321'), 'Alice')).statusCode).toBe(200);
    const [entry] = await auditRows(app, 'staff.invite');
    expect(entry).toMatchObject({ actor_kind: 'system', actor_label: 'shell (npm run staff)', target: 'alice@example.com' });

    const again = await spawnedStaffCli(['add', 'alice@example.com', '--role', 'support'], env);
    expect(again).toMatchObject({ code: 1, stderr: 'alice@example.com is already on the team.\n' });
  });

  it('lists everyone with role, state and passkeys', async () => {
    const a = await staffCli(['add', 'a@example.com', '--role=admin'], env);
    await staffCli(['add', 'b@example.com', '--role', 'support'], env);
    await enrolWith(app, tokenOf(linkIn(a.stdout)), new SoftAuthenticator('http://localhost:4321'), 'Anna');
    const { code, stdout } = await staffCli(['list'], env);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^EMAIL\s+NAME\s+ROLE\s+STATE\s+PASSKEYS\s+LAST SIGN-IN$/);
    expect(lines[1]).toMatch(/^a@example\.com\s+Anna\s+admin\s+active\s+1\s+\d{4}-/);
    expect(lines[2]).toMatch(/^b@example\.com\s+-\s+support\s+invited \(link open\)\s+0\s+never$/);
    expect(stdout).toContain('2 people.');
  });

  it('resets a person: a new link, the old passkeys revoked', async () => {
    const added = await staffCli(['add', 'r@example.com', '--role', 'support'], env);
    const authenticator = new SoftAuthenticator('http://localhost:4321');
    await enrolWith(app, tokenOf(linkIn(added.stdout)), authenticator);
    const reset = await staffCli(['reset', 'R@example.com'], env);
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain('their passkeys are revoked and their sessions ended');
    expect((await signIn(app, authenticator)).json().error.code).toBe('passkey_unknown');
    expect((await enrolWith(app, tokenOf(linkIn(reset.stdout)), new SoftAuthenticator('http://localhost:4321'))).statusCode).toBe(200);
  });

  it('removes a person, but not the last active admin', async () => {
    await staffCli(['add', 'boss@example.com', '--role', 'admin'], env);
    await staffCli(['add', 'temp@example.com', '--role', 'support'], env);
    expect((await staffCli(['remove', 'temp@example.com'], env)).stdout).toContain('Removed temp@example.com');
    const last = await staffCli(['remove', 'boss@example.com'], env);
    expect(last.code).toBe(1);
    expect(last.stderr).toMatch(/last active admin/);
    expect((await staffCli(['list'], env)).stdout).toContain('1 person.');
  });

  it('explains wrong usage', async () => {
    expect(await spawnedStaffCli([], env)).toMatchObject({ code: 2, stderr: expect.stringContaining('npm run staff -- add EMAIL --role admin|support') });
    expect((await staffCli(['add', 'x@example.com'], env)).stderr).toMatch(/Give an e-mail address and a role/);
    expect((await staffCli(['add', 'x@example.com', '--role', 'owner'], env)).stderr).toMatch(/--role takes admin or support/);
    expect((await staffCli(['add', 'not-an-email', '--role', 'admin'], env)).stderr).toMatch(/is not an e-mail address/);
    expect(await staffCli(['reset', 'ghost@example.com'], env)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No staff account for ghost@example.com'),
    });
    expect((await staffCli(['frobnicate'], env)).code).toBe(2);
  });

  it('makes the link from PORT like the server does, and says the running site answers there', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    const added = await staffCli(['add', 'port@example.com', '--role', 'admin'], { DATABASE_URL: database.url, PORT: String(port) });
    expect(added.code, added.stderr).toBe(0);
    expect(linkIn(added.stdout)).toMatch(new RegExp(`^http://localhost:${port}/staff/enrol#`));
    expect(added.stdout).toContain(`The site answers at http://localhost:${port}: the link is for it.`);
    expect(added.stderr).toBe('');
  });

  it("says plainly when no site answers at the link's address, and what to run instead", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const added = await staffCli(['add', 'nobody@example.com', '--role', 'admin'], { DATABASE_URL: database.url, PORT: String(port) });
    expect(added.code).toBe(0);
    expect(linkIn(added.stdout)).toMatch(new RegExp(`^http://localhost:${port}/staff/enrol#`));
    expect(added.stderr).toContain(`no Hostfront site answers at http://localhost:${port} now, so this command cannot tell whether the link works`);
    expect(added.stderr).toContain(`here PORT is ${port}`);
    expect(added.stderr).toContain('npm run staff -- reset nobody@example.com');
  });

  it('warns when PUBLIC_URL cannot carry passkeys', async () => {
    const added = await staffCli(['add', 'ip@example.com', '--role', 'admin'], { ...env, PUBLIC_URL: 'http://10.0.0.5:4321' });
    expect(added.code).toBe(0);
    expect(added.stderr).toMatch(/Warning: the link will not work until PUBLIC_URL is fixed/);
  });
});
