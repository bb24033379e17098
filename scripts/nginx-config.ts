// Renders config/nginx/hostfront.conf (docs/deploy.md) with the site's values; the deployment
// test renders it the same way.
//   node scripts/nginx-config.ts --public-url https://www.example.com \
//     --certificate /etc/letsencrypt/live/www.example.com/fullchain.pem \
//     --key /etc/letsencrypt/live/www.example.com/privkey.pem \
//     --upstream 127.0.0.1:4321 [--upstream 10.0.0.2:4321 …] [--https-listen 443] [--http-listen 80]
// prints the configuration on stdout.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

export const nginxTemplate = path.resolve(import.meta.dirname, '..', 'config', 'nginx', 'hostfront.conf');

export interface NginxValues {
  /** PUBLIC_URL: https://name[:port]. Its host name is the server_name. */
  publicUrl: string;
  certificate: string;
  key: string;
  /** The instances, address:port each. */
  upstreams: string[];
  httpsListen?: string;
  httpListen?: string;
}

export function renderNginxConfig(values: NginxValues): string {
  const url = new URL(values.publicUrl);
  if (url.protocol !== 'https:') throw new Error('PUBLIC_URL must be https:// behind this configuration');
  if (values.upstreams.length === 0) throw new Error('at least one upstream (a Hostfront instance) is needed');
  const replacements: Record<string, string> = {
    SERVER_NAME: url.hostname,
    PUBLIC_URL: url.origin,
    HTTPS_LISTEN: values.httpsListen ?? '443',
    HTTP_LISTEN: values.httpListen ?? '80',
    TLS_CERTIFICATE: values.certificate,
    TLS_KEY: values.key,
    UPSTREAM_SERVERS: values.upstreams.map((u) => `server ${u} max_fails=0;`).join('\n    '),
  };
  // The header comment names the placeholders; the rendered file keeps the settings only.
  const settings = fs.readFileSync(nginxTemplate, 'utf8').replace(/^(#.*\n)+\n/, '');
  const text = settings.replace(/@([A-Z_]+)@/g, (whole, name: string) => {
    const value = replacements[name];
    if (value === undefined) throw new Error(`unknown placeholder ${whole} in ${nginxTemplate}`);
    return value;
  });
  return `# Rendered from config/nginx/hostfront.conf for ${url.origin}.\n\n${text}`;
}

if (process.argv[1] === import.meta.filename) {
  const { values } = parseArgs({
    options: {
      'public-url': { type: 'string' },
      certificate: { type: 'string' },
      key: { type: 'string' },
      upstream: { type: 'string', multiple: true },
      'https-listen': { type: 'string' },
      'http-listen': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values['public-url'] || !values.certificate || !values.key || !values.upstream?.length) {
    console.error(
      'usage: node scripts/nginx-config.ts --public-url https://NAME --certificate FILE --key FILE --upstream HOST:PORT [--upstream …] [--https-listen 443] [--http-listen 80]',
    );
    process.exit(values.help ? 0 : 1);
  }
  process.stdout.write(
    renderNginxConfig({
      publicUrl: values['public-url'],
      certificate: values.certificate,
      key: values.key,
      upstreams: values.upstream,
      httpsListen: values['https-listen'],
      httpListen: values['http-listen'],
    }),
  );
}
