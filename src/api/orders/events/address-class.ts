// What kind of address an IP address is, for the SSRF rule (docs/events.md, "The SSRF rule"): every
// range the IANA special-purpose registries mark not globally reachable, by its own kind, plus the
// cloud metadata services, multicast, and IPv6 outside the global unicast block. Browser-safe.

/** Why an address is not to be connected to from live mode; null when it is globally reachable. */
export type AddressClass =
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'protocol-assignment'
  | 'discard-only';

/** Each class as a refusal names it: "must not name a documentation address (TEST-NET, 2001:db8::/32)". */
export const addressClassPhrase: Record<AddressClass, string> = {
  loopback: 'a loopback address',
  private: 'a private-network address',
  shared: 'a shared (carrier-grade NAT, 100.64.0.0/10) address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata address',
  unspecified: 'an unspecified ("this network") address',
  multicast: 'a multicast address',
  broadcast: 'the limited broadcast address',
  reserved: 'a reserved address',
  documentation: 'a documentation address',
  benchmarking: 'a benchmarking address',
  'protocol-assignment': 'an IETF protocol-assignment address',
  'discard-only': 'a discard-only address',
};

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
  if (a === 100 && b >= 64 && b <= 127) return 'shared'; // carrier-grade NAT (RFC 6598)
  if (a === 169 && b === 254) return 'link-local';
  // 192.0.0.0/24 (RFC 6890), but for the two anycast addresses IANA marks globally reachable
  // (192.0.0.9 PCP, 192.0.0.10 TURN).
  if (a === 192 && b === 0 && c === 0) return d === 9 || d === 10 ? null : 'protocol-assignment';
  if (
    (a === 192 && b === 0 && c === 2) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113)
  )
    return 'documentation'; // TEST-NET-1, -2, -3 (RFC 5737)
  if (a === 198 && (b === 18 || b === 19)) return 'benchmarking'; // RFC 2544
  if (a >= 224 && a <= 239) return 'multicast';
  if (a === 255 && b === 255 && c === 255 && d === 255) return 'broadcast';
  if (a >= 240) return 'reserved'; // 240.0.0.0/4 (RFC 1112)
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

/** 2001::/23 (IETF protocol assignments) but for the blocks and anycast addresses IANA marks global. */
function protocolAssignment6([
  ,
  b = 0,
  c = 0,
  d = 0,
  e = 0,
  f = 0,
  g = 0,
  h = 0,
]: number[]): AddressClass | null {
  if (b === 2 && c === 0) return 'benchmarking'; // 2001:2::/48 (RFC 5180)
  const anycast = b === 1 && c === 0 && d === 0 && e === 0 && f === 0 && g === 0 && [1, 2, 3].includes(h);
  const global =
    anycast || // PCP, TURN, DNS-SD SRP
    b === 3 || // AMT (2001:3::/32)
    (b === 4 && c === 0x112) || // AS112-v6 (2001:4:112::/48)
    (b >= 0x20 && b <= 0x3f); // ORCHIDv2 (2001:20::/28), DRIP (2001:30::/28)
  return global ? null : 'protocol-assignment';
}

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
  if (a === 0x100 && zeros(1, 4)) return 'discard-only'; // 100::/64 (RFC 6666)
  if (a === 0x2001 && b < 0x200) return protocolAssignment6(g);
  if (a === 0x2001 && b === 0xdb8) return 'documentation'; // 2001:db8::/32 (RFC 3849)
  if (a === 0x3fff && b < 0x1000) return 'documentation'; // 3fff::/20 (RFC 9637)
  // Everything outside global unicast (2000::/3) not named above is unassigned or reserved
  // (100:0:0:1::/64, 5f00::/16 SRv6 SIDs among them).
  if ((a & 0xe000) !== 0x2000) return 'reserved';
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

/** How a refusal names an address's kind ("a loopback address"), or `otherwise` when it has none. */
export function addressPhrase(address: string, otherwise: string): string {
  const found = addressClass(address);
  return found ? addressClassPhrase[found] : otherwise;
}
