/** Discord answers webhooks on these hosts alike (the client's release channels and the old domain). */
const discordHosts = new Set(['discord.com', 'discordapp.com', 'canary.discord.com', 'ptb.discord.com', 'canary.discordapp.com', 'ptb.discordapp.com']);

/** /api[/vN]/webhooks/{id}/{token}[/slack|/github]: every API version and payload format posts to one webhook. */
const discordPath = /^\/api(?:\/v\d+)?\/webhooks\/(\d+)\/([^/]+)(?:\/(?:slack|github))?$/i;

const unreserved = /%(?:2[DE]|3\d|[46][1-9A-F]|[57][0-9A]|5F|7E)/gi;

/**
 * The one channel a webhook URL reaches, however it is spelled (docs/decisions.md 32): the
 * scheme, the lower-cased host without a final dot, the port unless it is the scheme's own,
 * and the path with percent-escapes of plain characters decoded, repeated slashes as one and no
 * trailing slash; the query and fragment are left out (Discord's `?wait=` or `?thread_id=` post
 * to the same channel). A Discord webhook is its id and token on discord.com, whichever host,
 * API version or payload format the URL names. The path otherwise keeps its case: the secret in
 * a webhook URL is case-sensitive, so another case is another (or no) webhook.
 */
export function webhookDestination(address: string): string {
  const url = new URL(address);
  const host = url.hostname.replace(/\.$/, '');
  const path = url.pathname
    .replace(unreserved, (escaped) => String.fromCharCode(Number.parseInt(escaped.slice(1), 16)))
    .replace(/%[0-9a-f]{2}/gi, (escaped) => escaped.toUpperCase())
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
  const discord = url.protocol === 'https:' && discordHosts.has(host) ? discordPath.exec(path) : null;
  if (discord) return `https://discord.com/api/webhooks/${discord[1]}/${discord[2]}`;
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}${path}`;
}
