// The SSRF rule for webhook endpoint URLs (docs/events.md, "The SSRF rule"). Live mode: https only,
// and never an address on loopback, a private or link-local network, or a cloud metadata service.
// Test mode: http and https, loopback and private networks allowed (local development), metadata
// never. This file judges the URL as written (browser-safe); the server also resolves the name and
// judges every address it resolves to, before each connection (server/webhooks/resolve-check.ts).

/** Why an address is not to be connected to from live mode, or null when it is public. */
export type AddressClass = 'loopback' | 'private' | 'link-local' | 'metadata' | 'unspecified' | 'multicast';

/** IPv4 dotted quad as four numbers, or null. */
function ipv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const n = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return n.every((x) => x >= 0 && x <= 255) ? n : null;
}

/** Cloud metadata services (docs/events.md): IMDS, ECS task credentials, EKS Pod Identity, Alibaba. */
const metadata4 = new Set(['169.254.169.254', '169.254.170.2', '169.254.170.23', '100.100.100.200']);

function classify4([a = 0, b = 0, c = 0, d = 0]: number[]): AddressClass | null {
  if (metadata4.has(`${a}.${b}.${c}.${d}`)) return 'metadata';
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private'; // carrier-grade NAT (RFC 6598)
  if (a === 169 && b === 254) return 'link-local';
  if (a >= 224) return 'multicast';
  return null;
}

/** IPv6 text as eight 16-bit groups, or null. */
function ipv6(text: string): number[] | null {
  let s = text.toLowerCase();
  const zone = s.indexOf('%');
  if (zone !== -1) s = s.slice(0, zone);
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (tail?.[1]) {
    const v4 = ipv4(tail[1]);
    if (!v4) return null;
    s = `${s.slice(0, -tail[1].length)}${((v4[0] ?? 0) * 256 + (v4[1] ?? 0)).toString(16)}:${((v4[2] ?? 0) * 256 + (v4[3] ?? 0)).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0] ?? '');
  const rest = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

/** The IPv4 address in two 16-bit groups, classified. */
const embedded = (hi: number, lo: number) => classify4([hi >> 8, hi & 255, lo >> 8, lo & 255]);

/** AWS metadata over IPv6: IMDS (fd00:ec2::254) and EKS Pod Identity (fd00:ec2::23). */
const isMetadata6 = (g: number[]) =>
  g[0] === 0xfd00 &&
  g[1] === 0xec2 &&
  g.slice(2, 7).every((x) => x === 0) &&
  [0x254, 0x23].includes(g[7] ?? 0);

function classify6(g: number[]): AddressClass | null {
  const [a = 0, b = 0, c = 0, , e = 0, f = 0, v1 = 0, v2 = 0] = g;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (g.every((x) => x === 0)) return 'unspecified';
  if (zeros(0, 7) && g[7] === 1) return 'loopback';
  // Forms that carry an IPv4 address in their last 32 bits: the IPv4 address decides. IPv4-mapped
  // (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated), IPv4-translated (::ffff:0:a.b.c.d)
  // and the well-known NAT64 prefix (64:ff9b::/96).
  if (zeros(0, 5) && f === 0xffff) return embedded(v1, v2);
  if (zeros(0, 6)) return embedded(v1, v2);
  if (zeros(0, 4) && e === 0xffff && f === 0) return embedded(v1, v2);
  if (a === 0x64 && b === 0xff9b && zeros(2, 6)) return embedded(v1, v2);
  // Local-use NAT64 (64:ff9b:1::/48, RFC 8215): translated by the operator's own network.
  if (a === 0x64 && b === 0xff9b && c === 1) return embedded(v1, v2) === 'metadata' ? 'metadata' : 'private';
  // 6to4 (2002::/16) carries its IPv4 address in bits 16–47.
  if (a === 0x2002) return embedded(b, c);
  if (isMetadata6(g)) return 'metadata';
  if ((a & 0xfe00) === 0xfc00) return 'private';
  if ((a & 0xffc0) === 0xfec0) return 'private'; // site-local (deprecated, RFC 3879)
  if ((a & 0xffc0) === 0xfe80) return 'link-local';
  if ((a & 0xff00) === 0xff00) return 'multicast';
  return null;
}

/** The class of an IP address (v4 or v6 text, brackets allowed), or null: public, or not an address. */
export function addressClass(address: string): AddressClass | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const v4 = ipv4(bare);
  if (v4) return classify4(v4);
  const v6 = bare.includes(':') ? ipv6(bare) : null;
  return v6 ? classify6(v6) : null;
}

/** Whether an address may be connected to: never metadata; in live mode, only public ones. */
export function addressAllowed(address: string, livemode: boolean, allowPrivate = false): boolean {
  const found = addressClass(address);
  if (found === null) return true;
  if (found === 'metadata') return false;
  return !livemode || allowPrivate;
}

/** Why a webhook URL is refused as written, or null. `allowPrivate`: the documented override. */
export function endpointUrlProblem(text: string, livemode: boolean, allowPrivate = false): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'url must be an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must be http(s)';
  if (livemode && url.protocol !== 'https:') return 'a live-mode endpoint must use https';
  if (url.username !== '' || url.password !== '') return 'url must not carry credentials';
  const host = url.hostname.toLowerCase();
  if (livemode && !allowPrivate && (host === 'localhost' || host.endsWith('.localhost')))
    return 'a live-mode endpoint must not be on loopback';
  if (!addressAllowed(host, livemode, allowPrivate))
    return `url must not name a ${addressClass(host) ?? ''} address`;
  return null;
}
