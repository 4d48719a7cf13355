// The SSRF rule as written: live mode needs https and a public address; test mode may use
// http://localhost and private networks; a metadata address is never allowed.
import { describe, expect, it } from 'vitest';
import { addressClass, endpointUrlProblem } from '../../../../src/api/orders/events/endpoint-url.ts';

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
