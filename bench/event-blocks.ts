import type http from 'node:http';

/**
 * Reads a Server-Sent Events response and calls back with each event's name and data (one
 * `data:` line, as the app writes them), as soon as its chunk arrives: callers read their clock
 * in the callback.
 */
export function onEvents(response: http.IncomingMessage, onEvent: (event: string, data: string) => void): void {
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (name && data !== undefined) onEvent(name, data);
    }
  });
}
