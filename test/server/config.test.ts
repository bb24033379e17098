import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/config.ts';
import { loadOrCreateSessionSecret } from '../../server/config/session-secret.ts';

const secret = { SESSION_SECRET: 'x'.repeat(40) };

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({ ...secret });
    expect(config.port).toBe(4321);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBe('sqlite:./data/hostfront.db');
    expect(config.logLevel).toBe('info');
    expect(config.panel).toMatchObject({ driver: 'local', url: undefined, localServersFile: undefined, demoMcPort: 25565 });
    expect(config.status.monitorsFile).toBe(path.resolve(import.meta.dirname, '../../config/monitors.json'));
    expect(config.status.allowPrivate).toBe(false);
    expect(config.contact).toEqual({ webhookUrl: undefined, smtpUrl: undefined, emailTo: undefined, retentionDays: 365 });
    expect(config.status).toMatchObject({ streamsPerAddress: 50, streamsTotal: 10_000 });
    expect(config.trustProxy).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:4321');
    expect(config.audit).toEqual({ retentionDays: 365 });
    expect(config.metrics).toEqual({ token: undefined });
  });

  it('takes the reverse proxy as a hop count or addresses, never as "trust everyone"', () => {
    expect(loadConfig({ ...secret, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...secret, TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.5', '192.168.0.0/16', '::1']);
    expect(loadConfig({ ...secret, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    for (const value of ['true', 'proxy.local', '10.0.0.300', '10.0.0.0/99']) {
      expect(() => loadConfig({ ...secret, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: must be the proxy's addresses/);
    }
  });

  it('derives the public URL from where the server listens, unless PUBLIC_URL says', () => {
    expect(loadConfig({ ...secret, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ ...secret, HOST: '::1' }).publicUrl).toBe('http://localhost:4321');
    expect(loadConfig({ ...secret, HOST: '203.0.113.7', PORT: '80' }).publicUrl).toBe('http://203.0.113.7');
    expect(loadConfig({ ...secret, HOST: '2001:db8::1' }).publicUrl).toBe('http://[2001:db8::1]:4321');
    expect(loadConfig({ ...secret, PUBLIC_URL: 'https://www.example.com/' }).publicUrl).toBe('https://www.example.com');
    expect(() => loadConfig({ ...secret, PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      ...secret,
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/hostfront',
      LOG_LEVEL: 'debug',
      PANEL_DRIVER: 'pterodactyl',
      PANEL_URL: 'https://panel.example.com/',
      DEMO_MC_PORT: '25570',
      STATUS_CHECK_ALLOW_PRIVATE: 'true',
      CONTACT_WEBHOOK_URL: 'https://discord.com/api/webhooks/1/abc',
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      CONTACT_EMAIL_TO: 'sales@example.com',
      CONTACT_RETENTION_DAYS: '90',
      STATUS_STREAMS_PER_ADDRESS: '5',
      STATUS_STREAMS_TOTAL: '500',
    });
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: 'postgres://u:p@db:5432/hostfront', logLevel: 'debug' });
    expect(config.panel).toMatchObject({ driver: 'pterodactyl', url: 'https://panel.example.com', demoMcPort: 25570 });
    expect(config.status.allowPrivate).toBe(true);
    expect(config.contact).toMatchObject({ emailTo: 'sales@example.com', retentionDays: 90 });
    expect(config.status).toMatchObject({ streamsPerAddress: 5, streamsTotal: 500 });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ ...secret, PORT: '', PANEL_URL: '' }).port).toBe(4321);
  });

  it('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        SESSION_SECRET: 'short',
        STATUS_CHECK_ALLOW_PRIVATE: 'yes',
        CONTACT_RETENTION_DAYS: '-1',
        STATUS_STREAMS_PER_ADDRESS: '0',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'LOG_LEVEL',
      'SESSION_SECRET',
      'STATUS_CHECK_ALLOW_PRIVATE',
      'CONTACT_RETENTION_DAYS',
      'STATUS_STREAMS_PER_ADDRESS',
    ])
      expect(problems).toContain(name);
    expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('requires PANEL_URL for the pterodactyl driver, and SMTP settings in pairs', () => {
    expect(() => loadConfig({ ...secret, PANEL_DRIVER: 'pterodactyl' })).toThrow(/PANEL_URL: required/);
    expect(() => loadConfig({ ...secret, CONTACT_EMAIL_TO: 'a@b.co' })).toThrow(/SMTP_URL: required/);
    expect(() => loadConfig({ ...secret, PANEL_URL: 'ftp://x' })).toThrow(/PANEL_URL/);
  });

  it('sends status mail through SMTP_URL alone, from STATUS_MAIL_FROM or status@ the public host', () => {
    const smtp = { ...secret, SMTP_URL: 'smtp://mail.example.com:587' };
    expect(loadConfig(smtp).subscriptions).toEqual({ smtpUrl: 'smtp://mail.example.com:587', mailFrom: 'status@localhost' });
    expect(loadConfig({ ...smtp, PUBLIC_URL: 'https://www.hostfront.example' }).subscriptions.mailFrom).toBe('status@www.hostfront.example');
    expect(loadConfig({ ...smtp, HOST: '0.0.0.0', PUBLIC_URL: 'http://203.0.113.5:8080' }).subscriptions.mailFrom).toBe('status@localhost');
    expect(loadConfig({ ...smtp, STATUS_MAIL_FROM: 'noc@hostfront.example' }).subscriptions.mailFrom).toBe('noc@hostfront.example');
    expect(loadConfig(smtp).contact.emailTo).toBeUndefined();
    expect(() => loadConfig({ ...smtp, STATUS_MAIL_FROM: 'not an address' })).toThrow(/STATUS_MAIL_FROM: must be an e-mail address/);
  });

  it('takes the billing portal (CUSTOMER_OIDC_*) whole, over HTTPS unless it is on this machine, and says every missing part', () => {
    const portal = {
      ...secret,
      CUSTOMER_OIDC_ISSUER: 'https://billing.example.com/oauth',
      CUSTOMER_OIDC_CLIENT_ID: 'site',
      CUSTOMER_OIDC_CLIENT_SECRET: 's3cret',
    };
    expect(loadConfig(portal).accounts.oidc).toEqual({
      issuer: 'https://billing.example.com/oauth',
      clientId: 'site',
      clientSecret: 's3cret',
      name: 'billing.example.com',
      registerUrl: 'https://billing.example.com',
      allowHttp: false,
    });
    expect(
      loadConfig({ ...portal, CUSTOMER_OIDC_NAME: 'Hostfront Billing', CUSTOMER_OIDC_REGISTER_URL: 'https://billing.example.com/register.php' }).accounts.oidc,
    ).toMatchObject({
      name: 'Hostfront Billing',
      registerUrl: 'https://billing.example.com/register.php',
    });
    expect(loadConfig({ ...secret }).accounts).toEqual({ smtpUrl: undefined, mailFrom: 'account@localhost', oidc: undefined });
    let error: unknown;
    try {
      loadConfig({ ...secret, CUSTOMER_OIDC_ISSUER: 'http://billing.example.com', CUSTOMER_OIDC_NAME: 'Billing' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'CUSTOMER_OIDC_CLIENT_ID: required when CUSTOMER_OIDC_ISSUER is set',
      'CUSTOMER_OIDC_CLIENT_SECRET: required when CUSTOMER_OIDC_ISSUER is set',
      'CUSTOMER_OIDC_ISSUER: must be an https:// URL (plain http only for a portal on this machine)',
    ]);
    expect(loadConfig({ ...portal, CUSTOMER_OIDC_ISSUER: 'http://127.0.0.1:9000' }).accounts.oidc?.allowHttp).toBe(true);
    expect(() => loadConfig({ ...secret, CUSTOMER_OIDC_NAME: 'Billing' })).toThrow(/CUSTOMER_OIDC_NAME: has no effect without CUSTOMER_OIDC_ISSUER/);
  });

  it('generates the session secret once and keeps it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-secret-'));
    const first = loadOrCreateSessionSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(loadOrCreateSessionSecret(dir)).toBe(first);
    expect(fs.statSync(path.join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });
});
