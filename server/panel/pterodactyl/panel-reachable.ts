import http from 'node:http';
import https from 'node:https';

/**
 * Whether the panel answers at all: any HTTP answer to its client API (401 without a key) means
 * it is up; a refused connection, a DNS failure or silence past `timeoutMs` means it is not.
 */
export function panelReachable(panelUrl: string, timeoutMs: number): Promise<{ ok: boolean; detail: string }> {
  const url = new URL('/api/client', panelUrl);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.get(url, { headers: { accept: 'application/json' }, timeout: timeoutMs }, (response) => {
      response.resume();
      resolve({ ok: true, detail: `the panel answers (${response.statusCode})` });
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => resolve({ ok: false, detail: `the panel is unreachable: ${error.message}` }));
  });
}
