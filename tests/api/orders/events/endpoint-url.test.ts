// The SSRF rule as written: live mode needs https and a public address; test mode may use
// http://localhost and private networks; a metadata address is never allowed.
import { describe, expect, it } from 'vitest';
import { addressClass } from '../../../../src/api/orders/events/address-class.ts';
import { canonicalEndpointUrl, endpointUrlProblem } from '../../../../src/api/orders/events/endpoint-url.ts';

describe('addressClass', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fd12:3456::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['fd00:ec2::254', 'metadata'],
    // Forms that embed an IPv4 address: the IPv4 address decides.
    ['::127.0.0.1', 'loopback'],
    ['::10.1.2.3', 'private'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::808:808', null],
    ['64:ff9b:1::1', 'private'],
    ['64:ff9b:1::a9fe:a9fe', 'metadata'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2002:808:808::1', null],
    ['fec0::1', 'private'],
    ['feff::1', 'private'],
    // Other metadata services: ECS task credentials, EKS Pod Identity, Alibaba Cloud.
    ['169.254.170.2', 'metadata'],
    ['169.254.170.23', 'metadata'],
    ['fd00:ec2::23', 'metadata'],
    ['100.100.100.200', 'metadata'],
    // Every other range IANA's special-purpose registries mark not globally reachable, by its kind.
    ['100.64.0.1', 'shared'],
    ['0.1.2.3', 'unspecified'],
    ['192.0.0.1', 'protocol-assignment'],
    ['192.0.0.9', null], // PCP anycast: globally reachable
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.200', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.20.0.1', null],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.254', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['2001::1', 'protocol-assignment'],
    ['2001:1::1', null], // PCP anycast: globally reachable
    ['2001:4:112::1', null], // AS112-v6
    ['100::1', 'discard-only'],
    ['5f00::1', 'reserved'],
    ['ff02::1', 'multicast'],
    ['::ffff:198.18.0.1', 'benchmarking'],
    ['64:ff9b::c000:201', 'documentation'],
    ['8.8.8.8', null],
    ['172.32.0.1', null],
    ['2606:4700::1111', null],
    ['example.com', null],
  ])('%s is %s', (address, expected) => {
    expect(addressClass(address)).toBe(expected);
  });
});

describe('endpointUrlProblem', () => {
  it.each([
    // Live mode: refused.
    ['http://example.com/hooks', true, /https/],
    ['https://127.0.0.1/hooks', true, /loopback/],
    ['https://10.0.0.8/hooks', true, /private/],
    ['https://169.254.169.254/latest', true, /metadata/],
    ['https://[::1]:8443/hooks', true, /loopback/],
    ['https://localhost/hooks', true, /loopback/],
    ['https://user:pw@example.com/hooks', true, /credentials/],
    ['ftp://example.com/', true, /http/],
    ['not a url', true, /absolute/],
    // Live mode: allowed.
    ['https://example.com/hooks', true, null],
    // Test mode: local development is allowed, metadata never.
    ['http://localhost:3000/hooks', false, null],
    ['http://127.0.0.1:3000/hooks', false, null],
    ['http://10.0.0.8/hooks', false, null],
    ['http://169.254.169.254/latest', false, /metadata/],
    ['http://169.254.170.2/v2/credentials', false, /metadata/],
    ['http://[64:ff9b::a9fe:a9fe]/', false, /metadata/],
    // Live mode: IPv6 spellings of loopback and private IPv4 addresses.
    ['https://[::127.0.0.1]/', true, /loopback/],
    ['https://[::ffff:0:127.0.0.1]/', true, /loopback/],
    ['https://[64:ff9b::7f00:1]/', true, /loopback/],
    ['https://[64:ff9b::a9fe:a9fe]/', true, /metadata/],
    ['https://[2002:7f00:1::]/', true, /loopback/],
    ['https://[fec0::1]/', true, /private/],
    // Live mode: special-purpose ranges, each named by its kind (not all "multicast").
    ['https://198.18.0.1/h', true, /benchmarking/],
    ['https://192.0.0.1/h', true, /protocol-assignment/],
    ['https://192.0.2.1/h', true, /documentation/],
    ['https://[2001:db8::1]/h', true, /documentation/],
    ['https://240.0.0.1/h', true, /reserved/],
    ['https://255.255.255.255/h', true, /broadcast/],
    ['https://224.0.0.1/h', true, /multicast/],
    // Any mode: a URL that is not usable as written.
    ['http://127.0.0.1:0/x', false, /port/],
    ['https://example.com:0/x', true, /port/],
    [' http://127.0.0.1/h', false, /blank/],
    ['http://127.0.0.1/h ', false, /blank/],
    ['http://127.0.0.1/a b', false, /blank/],
    ['http://@127.0.0.1:5301/h', false, /credentials/],
    ['http://:@127.0.0.1:5301/h', false, /credentials/],
    ['https://@example.com/h', true, /credentials/],
    ['http://127.0.0.1:5301/h#frag', false, /fragment/],
    ['http://127.0.0.1:5301/h#', false, /fragment/],
    [`http://${'a'.repeat(64)}.com/`, false, /63/],
    [`http://${'a'.repeat(300)}.com/`, false, /DNS name/],
    [`http://${Array(64).fill('abc').join('.')}/`, false, /253/],
    ['http://a..b/', false, /empty label/],
    // Any mode: written another way, but usable (stored canonical, below).
    ['HTTP://127.0.0.1:5301/h', false, null],
    ['http:/127.0.0.1:5302/oneslash', false, null],
    ['http://bücher.example/h', false, null],
    ['https://bücher.example/h', true, null],
    [`http://${'a'.repeat(63)}.com./`, false, null],
    ['http://127.0.0.1:65535/h?q=1', false, null],
  ])('%s (live %s)', (url, live, expected) => {
    const problem = endpointUrlProblem(url, live);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it('lets the override allow private networks in live mode, but never a metadata address', () => {
    expect(endpointUrlProblem('https://10.0.0.8/hooks', true, true)).toBeNull();
    expect(endpointUrlProblem('https://169.254.169.254/', true, true)).toMatch(/metadata/);
  });
});

describe('canonicalEndpointUrl', () => {
  it.each([
    ['HTTP://127.0.0.1:5301/h', 'http://127.0.0.1:5301/h'],
    ['http:/127.0.0.1:5302/oneslash', 'http://127.0.0.1:5302/oneslash'],
    ['http://bücher.example/h', 'http://xn--bcher-kva.example/h'],
    ['https://EXAMPLE.com:443/Hooks', 'https://example.com/Hooks'],
    ['http://localhost:3000', 'http://localhost:3000/'],
  ])('%s is stored as %s', (written, canonical) => {
    expect(canonicalEndpointUrl(written)).toBe(canonical);
  });
});
