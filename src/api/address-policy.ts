import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which URLs a pull may fetch when the URL comes from content (a spec URL in a page, a `$ref`
 * in a spec): content is untrusted, and a URL pointing into the machine's own network would
 * let a page make the build read internal services (SSRF). Only http(s) to public addresses
 * passes, plus the API's own host and port (the local platform runs on 127.0.0.1).
 *
 * The check resolves the host before the request and the request resolves it again, so a host
 * whose DNS answer changes between the two (DNS rebinding) is not caught here: pinning the
 * address would need a custom dispatcher (undici), which Node's fetch does not expose without a
 * dependency. Every redirect hop is checked the same way by the caller.
 */

/** Addresses no URL from content may reach, each kind with the name a warning gives it. */
const RANGES: [network: string, prefix: number, family: 'ipv4' | 'ipv6', kind: string][] = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified'], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'], // cloud metadata services live here
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'reserved'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'reserved'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'], // broadcast included
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['::', 96, 'ipv6', 'IPv4-compatible'], // deprecated; embeds an IPv4 address
  ['64:ff9b::', 96, 'ipv6', 'NAT64'], // embeds an IPv4 address
  ['fc00::', 7, 'ipv6', 'unique-local'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fec0::', 10, 'ipv6', 'site-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];
const BLOCKED = RANGES.map(([network, prefix, family, kind]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, kind };
});

/**
 * The kind of non-public range `address` (an IP literal) is in (`loopback`, `private`…), or
 * undefined when it is public.
 */
export function blockedAddress(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  // An IPv4-mapped IPv6 address reaches the IPv4 one: judge that.
  const mapped = family === 6 ? mappedIpv4(address) : undefined;
  if (mapped !== undefined) return blockedAddress(mapped);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const hit = BLOCKED.find((range) => range.family === type && range.list.check(address, type));
  return hit?.kind;
}

/** The IPv4 address inside an IPv4-mapped IPv6 one (`::ffff:10.0.0.1`, `0:0:0:0:0:ffff:a00:1`). */
function mappedIpv4(address: string): string | undefined {
  // The URL parser writes an IPv6 address in its one canonical form: `::ffff:a00:1`.
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!hex) return undefined;
  const high = Number.parseInt(hex[1] as string, 16);
  const low = Number.parseInt(hex[2] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export type Resolve = (hostname: string) => Promise<string[]>;

/** Every address the system resolver gives for `hostname`. */
export const resolveHost: Resolve = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface AddressPolicyOptions {
  /** The API base: its host and port pass whatever they resolve to. */
  apiUrl: string;
  /**
   * More `host:port`s that pass whatever they resolve to. Neither the command line nor the
   * config file can set it: it is for a program that embeds the pull with its own spec host on
   * a private network, and for tests, whose second server can only listen on loopback.
   */
  trustedHosts?: readonly string[];
  /** The resolver (tests give one that answers without DNS). */
  resolve?: Resolve;
}

export class AddressPolicy {
  readonly #trusted: Set<string>;
  readonly #resolve: Resolve;

  constructor(options: AddressPolicyOptions) {
    this.#trusted = new Set([new URL(options.apiUrl).host, ...(options.trustedHosts ?? [])]);
    this.#resolve = options.resolve ?? resolveHost;
  }

  /** Why `url` may not be fetched, or undefined when it may. Never throws. */
  async refusal(url: URL): Promise<string | undefined> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return `${url.protocol.replace(/:$/, '')}: URLs are not fetched (only http and https)`;
    if (url.username || url.password) return 'URLs with credentials are not fetched';
    if (this.#trusted.has(url.host)) return undefined;
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: string[];
    try {
      addresses = isIP(hostname) ? [hostname] : await this.#resolve(hostname);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      return `${hostname} does not resolve (${code})`;
    }
    if (addresses.length === 0) return `${hostname} does not resolve`;
    for (const address of addresses) {
      const blocked = blockedAddress(address);
      // One such answer is enough: the request may connect to any of them.
      if (blocked)
        return `${hostname === address ? address : `${hostname} resolves to ${address}, which`} is not a public address (${blocked})`;
    }
    return undefined;
  }
}
