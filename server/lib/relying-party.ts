import net from 'node:net';

/** Who we are to a passkey: the WebAuthn relying party, from PUBLIC_URL. */
export interface RelyingParty {
  /** The host name passkeys are bound to (PUBLIC_URL's hostname). */
  id: string;
  /** The one origin ceremonies may come from (PUBLIC_URL). */
  origin: string;
  name: string;
  /** True when the cookie must be Secure and __Host- prefixed (PUBLIC_URL is https). */
  secure: boolean;
  /** Where its passkeys are used, for a refusal that sends people there: the staff console at /staff. Default: this site, at its origin. */
  place?: { name: string; path: string };
}

/**
 * The relying party of PUBLIC_URL, or why there can be none: WebAuthn binds passkeys to a host
 * name, and browsers refuse an IP address as the relying party's id.
 */
export function relyingPartyOf(publicUrl: string, name: string): RelyingParty | { problem: string } {
  const url = new URL(publicUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0) {
    return {
      problem: `PUBLIC_URL (${url.origin}) names an IP address; passkeys need a host name. Set PUBLIC_URL to the address people open, such as https://www.example.com or http://localhost:${url.port || 80}.`,
    };
  }
  return { id: host, origin: url.origin, name, secure: url.protocol === 'https:' };
}
