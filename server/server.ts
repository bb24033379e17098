// Starts the server: loads the configuration, builds the app, listens, and shuts down
// gracefully on SIGTERM and SIGINT (in-flight requests finish, workers stop, the database closes).
import type { AppConfig } from './config/config.ts';
import { CheckoutError, guardStart } from './lib/checkout-guard.ts';

// First, before any package is loaded: packages from this checkout only, and as root a checkout
// nobody else can replace and the system's PATH (docs/decisions.md 62).
try {
  guardStart();
} catch (error) {
  if (error instanceof CheckoutError) {
    console.error(`Could not start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
// React (the status pages' renderer) picks its build by NODE_ENV when first loaded: unless told
// otherwise, the server runs the production one, not the development one that is larger and slower
// (docs/decisions.md 167). A test runner sets NODE_ENV=test and keeps the development build's checks.
process.env.NODE_ENV ??= 'production';
const { buildApp } = await import('./app.ts');
const { ConfigError, loadConfig } = await import('./config/config.ts');
const { terminalLogStream } = await import('./lib/log-stream.ts');

let config: AppConfig;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  // Readable lines on a terminal, JSON lines for everything else (journald, a file, a pipe).
  app = await buildApp(config, { logStream: await terminalLogStream() });
} catch (error) {
  // A bad operator file or an unreachable database: say what, without a stack trace.
  console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took over 20 s; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host, backlog: config.http.listenBacklog });
} catch (error) {
  app.log.fatal({ err: error }, 'could not start');
  process.exit(1);
}
