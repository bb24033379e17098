/** Splits host:port (IPv6 in brackets) into its parts; port undefined when absent. */
export function splitHostPort(value: string): { host: string; port: number | undefined } | undefined {
  const bracketed = /^\[([0-9a-fA-F:.]+)\](?::(\d{1,5}))?$/.exec(value);
  const plain = /^([^:\s/[\]]+)(?::(\d{1,5}))?$/.exec(value);
  const match = bracketed ?? plain;
  if (!match) return undefined;
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  return { host: match[1]!, port };
}
