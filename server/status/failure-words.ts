/**
 * A failed probe's kind in words, for people: "HTTP 503", "Connection refused", "Timed out",
 * "DNS: name not found"… (docs/decisions.md 86). The probe's own error names addresses and
 * system codes ("connect ECONNREFUSED 10.0.0.5:25565"); these words name neither, so the public
 * board shows them, and the team's alerts put them first. The one place failures are worded.
 */
const kinds: [RegExp, string | ((match: RegExpExecArray) => string)][] = [
  [/^HTTP (\d{3})\b/, (m) => `HTTP ${m[1]}`],
  [/ECONNREFUSED/, 'Connection refused'],
  [/ECONNRESET|socket hang up|EPIPE/i, 'Connection reset'],
  [/ETIMEDOUT|within \d+ ms|timed? ?out/i, 'Timed out'],
  [/ENOTFOUND|ENODATA|NXDOMAIN/, 'DNS: name not found'],
  [/EAI_AGAIN|ESERVFAIL|getaddrinfo|queryA/i, 'DNS: lookup failed'],
  [/EHOSTUNREACH|EHOSTDOWN/, 'Host unreachable'],
  [/ENETUNREACH/, 'Network unreachable'],
  [/CERT|certificate|SSL|TLS|EPROTO/i, 'TLS error'],
  [/not the checked/, 'Answered from another address'],
  // A check that compares what it got with what the monitor expects (a DNS record's answer).
  [/, not the expected /, 'Unexpected answer'],
  [/Minecraft|status (answer|packet)|status response|never answered the ping|malformed packet/i, 'Not a Minecraft answer'],
  [/bad target|needs a port/i, 'Target not valid'],
];

/** The words for a probe's error; "No answer" for none, or one of no known kind. */
export function failureWords(error: string | undefined | null): string {
  if (!error) return 'No answer';
  for (const [pattern, words] of kinds) {
    const match = pattern.exec(error);
    if (match) return typeof words === 'string' ? words : words(match);
  }
  return 'No answer';
}
