import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';

const webhook = 'https://discord.com/api/webhooks/123456789/wEbHoOkToKeN-secret-part';
const smtp = 'smtps://mailer:SmtpPassw0rd@mail.example.com:465';
const cookieValue = 'hf_panel=CookieSessionValue123';
const bearer = 'Bearer ptlc_ApiKeyValue456';
const accessKey = 'demo-access-key-AbCdEf123456';

describe('log lines carry no secret', () => {
  it('headers, credential fields and configured secrets are redacted wherever they are logged', async () => {
    const database = await createTestDatabase('sqlite');
    const stream = new PassThrough();
    let output = '';
    stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const config = testConfig(database.url, { LOG_LEVEL: 'trace', CONTACT_WEBHOOK_URL: webhook, SMTP_URL: smtp, CONTACT_EMAIL_TO: 'ops@example.com' });
    const app = await buildApp(config, { logStream: stream });
    app.get('/api/test/log', async (request, reply) => {
      request.log.info({ headers: request.headers }, 'headers as a handler might log them');
      request.log.info({ req: { headers: request.headers } }, 'nested');
      request.log.info({ server: { id: 'demo', key: accessKey }, token: 'tok_SecretToken789', password: 'Hunter2Hunter2' }, 'fields');
      request.log.info({ config: { sessionSecret: config.sessionSecret } }, 'config');
      request.log.info({ delivery: { url: webhook } }, `webhook ${webhook} failed`);
      request.log.error({ err: new Error(`connect ECONNREFUSED while sending to ${smtp}`) }, 'smtp failed');
      request.log.warn(`could not reach ${webhook.replace('https://discord.com', '')}`);
      void reply.header('set-cookie', `${cookieValue}; HttpOnly`);
      request.log.info({ res: { headers: reply.getHeaders() } }, 'response headers');
      return { ok: true };
    });
    try {
      const response = await app.inject({ url: '/api/test/log', headers: { cookie: cookieValue, authorization: bearer, 'x-api-key': 'XApiKey-value-000' } });
      expect(response.statusCode).toBe(200);
      await new Promise((r) => setImmediate(r));
      expect(output).toContain('headers as a handler might log them');
      expect(output).toContain('smtp failed');
      for (const secret of [
        'CookieSessionValue123',
        'ptlc_ApiKeyValue456',
        'XApiKey-value-000',
        accessKey,
        'tok_SecretToken789',
        'Hunter2Hunter2',
        config.sessionSecret,
        'wEbHoOkToKeN-secret-part',
        'SmtpPassw0rd',
      ]) {
        expect(output, secret).not.toContain(secret);
      }
      expect(output).toContain('[Redacted]');
      expect(output).toContain('[redacted]');
      // The rest of the line is still there to read.
      expect(output).toContain('"id":"demo"');
      expect(output).toContain('ECONNREFUSED');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
