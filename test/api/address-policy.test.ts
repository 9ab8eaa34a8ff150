import { describe, expect, it } from 'vitest';
import { AddressPolicy, blockedAddress } from '../../src/api/address-policy.ts';
import { requestHeaders } from '../../src/api/transport.ts';

describe('blockedAddress', () => {
  it('names the non-public ranges, IPv4 and IPv6, IPv4-mapped included', () => {
    const cases: [string, string | undefined][] = [
      ['127.0.0.1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['100.64.0.1', 'carrier-grade NAT'],
      ['224.0.0.1', 'multicast'],
      ['0.0.0.0', 'unspecified'],
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['fd12::1', 'unique-local'],
      ['fe80::1', 'link-local'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['0:0:0:0:0:ffff:a00:1', 'private'],
      ['8.8.8.8', undefined],
      ['::ffff:8.8.8.8', undefined],
      ['2001:4860:4860::8888', undefined],
    ];
    for (const [address, kind] of cases) expect(blockedAddress(address), address).toBe(kind);
  });
});

describe('AddressPolicy', () => {
  const resolve = async (host: string) =>
    ({ 'specs.acme.example': ['203.0.113.9', '10.0.0.7'], 'public.example': ['93.184.215.14'] })[
      host
    ] ?? [];
  const policy = new AddressPolicy({ apiUrl: 'http://127.0.0.1:4000/v1', resolve });

  it('lets the API host and port through, whatever it resolves to', async () => {
    expect(await policy.refusal(new URL('http://127.0.0.1:4000/hosted/a.yaml'))).toBeUndefined();
    expect(await policy.refusal(new URL('http://127.0.0.1:4001/a.yaml'))).toBe(
      '127.0.0.1 is not a public address (loopback)',
    );
  });

  it('refuses a host any of whose addresses is not public, and other schemes', async () => {
    expect(await policy.refusal(new URL('https://public.example/spec.json'))).toBeUndefined();
    expect(await policy.refusal(new URL('https://specs.acme.example/spec.json'))).toBe(
      'specs.acme.example resolves to 10.0.0.7, which is not a public address (private)',
    );
    expect(await policy.refusal(new URL('http://[::ffff:a9fe:a9fe]/'))).toBe(
      '::ffff:a9fe:a9fe is not a public address (link-local)',
    );
    expect(await policy.refusal(new URL('http://0x7f.1/'))).toMatch(/loopback/);
    expect(await policy.refusal(new URL('file:///etc/passwd'))).toBe(
      'file: URLs are not fetched (only http and https)',
    );
    expect(await policy.refusal(new URL('https://nowhere.example/'))).toBe(
      'nowhere.example does not resolve',
    );
  });
});

describe('requestHeaders', () => {
  const options = { apiUrl: 'https://api.example.com/v1', token: 'tok', userAgent: 'offprint' };

  it('sends the token to the API origin only', () => {
    expect(requestHeaders(new URL('https://api.example.com/v1/x'), options).authorization).toBe(
      'Bearer tok',
    );
    for (const other of [
      'https://raw.example.com/spec.yaml',
      'http://api.example.com/v1/x',
      'https://api.example.com:8443/v1/x',
      'https://api.example.com.evil.example/x',
    ])
      expect(requestHeaders(new URL(other), options).authorization, other).toBeUndefined();
  });

  it('never lets extra headers carry an authorization', () => {
    const headers = requestHeaders(new URL('https://raw.example.com/spec.yaml'), {
      ...options,
      extra: { Authorization: 'Bearer x', 'If-None-Match': '"a"' },
    });
    expect(headers).toEqual({
      accept: 'application/json',
      'user-agent': 'offprint',
      'if-none-match': '"a"',
    });
  });
});
