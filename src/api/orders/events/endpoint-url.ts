// The SSRF rule for webhook endpoint URLs (docs/events.md, "The SSRF rule"). Live mode: https only,
// and never an address that is not globally reachable (./address-class.ts). Test mode: http and
// https, loopback and private networks allowed (local development), metadata never. In any mode the
// URL must be usable as written: no blank, no userinfo (even an empty one), no fragment (never
// sent), a port from 1 to 65535 and a name DNS can hold; it is stored as its canonical WHATWG href
// (lower-case scheme, punycode), which is what is connected to. This file judges the URL as written
// (browser-safe); the server also resolves the name and judges every address it resolves to, before
// each connection (server/webhooks/sender.ts).
import { addressAllowed, addressPhrase } from './address-class.ts';

/** The part of a URL text between its scheme and its path: where userinfo is written. */
function authorityOf(text: string): string {
  const rest = text.replace(/^[a-z][a-z0-9+.-]*:[/\\]*/i, '');
  return rest.slice(0, rest.search(/[/\\?#]|$/));
}

/** Why a host name cannot be a DNS name (a label over 63 octets, a name over 253), or null. */
function dnsNameProblem(hostname: string): string | null {
  if (hostname.startsWith('[') || /^[\d.]+$/.test(hostname)) return null;
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (name.length > 253) return 'url host must be a DNS name of at most 253 characters';
  if (name.split('.').some((label) => label.length > 63))
    return 'url host must be a DNS name whose labels are at most 63 characters';
  if (name.split('.').some((label) => label === '')) return 'url host must not hold an empty label';
  return null;
}

/** Why a URL is not usable as written (registration only), whatever the mode, or null. */
function writtenProblem(text: string): string | null {
  if (/\s/u.test(text)) return 'url must not hold blanks (write a space in a path as %20)';
  if (authorityOf(text).includes('@')) return 'url must not carry credentials';
  if (text.includes('#')) return 'url must not carry a fragment (#…): a fragment is never sent';
  return null;
}

/**
 * Why a parsed URL may not be connected to in the mode, or null: the rule the sender applies to
 * every stored URL before connecting, endpoints registered before the rules as written included.
 */
export function endpointTargetProblem(url: URL, livemode: boolean, allowPrivate = false): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must be http(s)';
  if (livemode && url.protocol !== 'https:') return 'a live-mode endpoint must use https';
  if (url.username !== '' || url.password !== '') return 'url must not carry credentials';
  if (url.port === '0') return 'url port must be from 1 to 65535';
  const host = url.hostname.toLowerCase();
  if (livemode && !allowPrivate && (host === 'localhost' || host.endsWith('.localhost')))
    return 'a live-mode endpoint must not be on loopback';
  if (!addressAllowed(host, livemode, allowPrivate))
    return `url must not name ${addressPhrase(host, 'this address')}`;
  return null;
}

/** Why a webhook URL is refused as written (registration), or null. `allowPrivate`: the documented override. */
export function endpointUrlProblem(text: string, livemode: boolean, allowPrivate = false): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'url must be an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must be http(s)';
  return (
    writtenProblem(text) ?? endpointTargetProblem(url, livemode, allowPrivate) ?? dnsNameProblem(url.hostname)
  );
}

/** The URL stored and connected to: the canonical WHATWG href of a URL endpointUrlProblem accepts. */
export function canonicalEndpointUrl(text: string): string {
  return new URL(text).href;
}
