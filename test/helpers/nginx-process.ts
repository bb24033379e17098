import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's nginx binary, or undefined when it is not installed (scripts/ensure-system.sh installs it). */
export function nginxBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** This process's hard open-files limit, which nginx's workers cannot go past. */
function hardFileLimit(): number {
  const hard = /^Max open files\s+\S+\s+(\S+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1];
  return hard === undefined || hard === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(hard);
}

export interface NginxProcess {
  /** The temporary directory holding its configuration, pid, logs and temp files. */
  dir: string;
  child: ChildProcess;
  /** What nginx wrote to its error log so far. */
  errorLog(): string;
  /** What nginx wrote to its access log so far (when the configuration logs to `${dir}/access.log`). */
  accessLog(): string;
  /** Graceful stop (SIGQUIT), SIGKILL after 5 s; removes the directory. */
  stop(): Promise<void>;
}

/**
 * Runs our own nginx, never the system service: a main configuration of its own in a temporary
 * directory (pid, logs and every temp path in there too), in the foreground, listening only where
 * `http` says. `http` is the body of the http {} block; `{{dir}}` in it names that directory.
 * Resolves once every port in `ports` accepts connections on 127.0.0.1.
 */
export async function startNginx(options: {
  http: string;
  ports: number[];
  workers?: number;
  /** Connections per worker (clients and upstreams together); the open-files limit follows it, up to the hard limit. */
  workerConnections?: number;
  files?: Record<string, string>;
}): Promise<NginxProcess> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed: run scripts/ensure-system.sh (apt-get install nginx)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-nginx-'));
  // nginx started by root runs its workers as nobody: they must reach the files in here.
  fs.chmodSync(dir, 0o755);
  for (const [name, content] of Object.entries(options.files ?? {})) fs.writeFileSync(path.join(dir, name), content);
  const conf = `
daemon off;
worker_processes ${options.workers ?? 1};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_rlimit_nofile ${Math.min((options.workerConnections ?? 4096) * 2, hardFileLimit())};
events { worker_connections ${options.workerConnections ?? 4096}; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  access_log ${dir}/access.log;
${options.http.replaceAll('{{dir}}', dir)}
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  const child = spawn(binary, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', confFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const read = (name: string) => {
    try {
      return fs.readFileSync(path.join(dir, name), 'utf8');
    } catch {
      return '';
    }
  };
  const deadline = Date.now() + 10_000;
  for (const port of options.ports) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}${read('error.log')}`);
      if (await accepts(port)) break;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`nginx did not listen on ${port} in 10 s: ${stderr}${read('error.log')}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    dir,
    child,
    errorLog: () => stderr + read('error.log'),
    accessLog: () => read('access.log'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
