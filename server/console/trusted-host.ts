// The open demo answers only at hosts a DNS rebinding cannot be: an IP address, localhost, or a name
// the deployment lists. A page on evil.example whose name later resolves to 127.0.0.1 is, to the
// browser, same-origin with this server; the only thing that tells it apart is its Host header.
// (A console with a token or operators needs no such check: its session cookie is this host's.)

/** Names an open demo answers at besides IP addresses and localhost: ESTATE_ALLOWED_HOSTS, and HOST. */
export function allowedHostsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return [...(env.ESTATE_ALLOWED_HOSTS ?? '').split(','), env.HOST ?? '']
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
}

/** The host name of a Host header (no port, no IPv6 brackets), lower-case. */
function hostName(header: string): string {
  const host = header.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']') > 0 ? host.indexOf(']') : undefined);
  return host.replace(/:\d*$/, '');
}

/** Whether a request with this Host may act as the open demo's visitor. No Host (HTTP/1.0): yes. */
export function isTrustedHost(header: string | undefined, allowed: readonly string[]): boolean {
  if (header === undefined) return true;
  const name = hostName(header);
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name) || name.includes(':')) return true; // IPv4, IPv6
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return allowed.includes(name);
}
