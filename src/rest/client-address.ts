// The client address of a request behind a reverse proxy (docs/reverse-proxy.md, "The client
// address: trusted-proxies"). The failed-authentication throttle, the access log, the event stream and the log lines
// that name an address all use it, so that clients behind one proxy are told apart.
//
// rest.conf's `trusted-proxies` lists the proxies' addresses and ranges. A request whose peer is not
// one of them is its peer, whatever it sends: anybody can write an X-Forwarded-For header. A request
// from a trusted proxy is the rightmost X-Forwarded-For entry that is not itself a trusted proxy.
// Not the leftmost: a proxy such as nginx with `$proxy_add_x_forwarded_for` appends the address it
// saw to whatever the client sent, so every entry left of the proxy's own is the client's to forge.
// A header that cannot be read (an entry that is not an IP address) counts for nothing: the peer.
//
// The request path is hot and benchmarked: with the list empty (the default) the answer is the
// socket's address at the cost of one length check; otherwise the list is compiled once per
// reading of rest.conf and the header is read once per request.

import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** The address a request is counted and logged under. */
export type ClientAddress = (req: IncomingMessage) => string | undefined;

/** The peer's own address: what every request is without trusted proxies. */
export const peerAddress: ClientAddress = (req) => req.socket.remoteAddress;

interface Range {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

const MAPPED = /^::ffff:/i;

/** An address as its plain self: IPv4-mapped IPv6 (`::ffff:10.0.0.1`) as IPv4, `[::1]` without brackets; undefined if not an IP. */
export function plainIp(text: string): string | undefined {
  const t = text.length > 1 && text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const v = isIP(t);
  if (v === 4) return t;
  if (v !== 6) return undefined;
  if (MAPPED.test(t)) {
    const v4 = t.slice(7);
    if (isIP(v4) === 4) return v4;
  }
  return t;
}

/** An address or CIDR range of rest.conf (`127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`, `::ffff:10.0.0.0/104`). */
export function parseRange(text: string): Range | undefined {
  const slash = text.indexOf('/');
  const addressText = slash < 0 ? text : text.slice(0, slash);
  const prefixText = slash < 0 ? undefined : text.slice(slash + 1);
  const raw = isIP(addressText);
  if (raw === 0 || addressText.includes('%')) return undefined;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  let prefix = prefixText === undefined ? (raw === 4 ? 32 : 128) : Number(prefixText);
  if (prefix > (raw === 4 ? 32 : 128)) return undefined;
  const address = plainIp(addressText) as string;
  if (raw === 6 && isIP(address) === 4) {
    // An IPv4-mapped range is the IPv4 range it maps: peers and headers are compared as IPv4.
    if (prefix < 96) return undefined;
    prefix -= 96;
  }
  return { address, prefix, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' };
}

/** What rest.conf's trusted-proxies must be, said of a value of another shape. */
export const TRUSTED_PROXIES_SHAPE = 'must be an array of IP addresses and CIDR ranges in quotes, such as ["127.0.0.1", "::1", "10.0.0.0/8"]';

/** rest.conf's check of `trusted-proxies`: an array of addresses and CIDR ranges, in quotes. */

export function checkTrustedProxies(value: unknown): { ok: true; value: readonly string[] } | { ok: false; problem: string } {
  const shape = TRUSTED_PROXIES_SHAPE;
  if (!Array.isArray(value)) return { ok: false, problem: shape };
  for (const entry of value) {
    if (typeof entry !== 'string') return { ok: false, problem: shape };
    if (parseRange(entry) === undefined) {
      return { ok: false, problem: `${JSON.stringify(entry)} is not an IP address or a CIDR range (such as "127.0.0.1" or "10.0.0.0/8")` };
    }
  }
  return { ok: true, value: value as string[] };
}

/** Whether an address is in the list; an address the list cannot compare (a zone id, not an IP) is not. */
function inList(list: BlockList, address: string): boolean {
  const v = isIP(address);
  if (v === 0) return false;
  try {
    return list.check(address, v === 4 ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

/**
 * The client address of a request from a trusted proxy, read from its X-Forwarded-For (several
 * headers arrive joined with commas): the rightmost entry that is not a trusted proxy, the leftmost
 * if all are, the peer if the header is absent or an entry on the way is not an IP address.
 */
export function forwardedClient(peer: string | undefined, header: string | string[] | undefined, trusted: (address: string) => boolean): string | undefined {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text === undefined) return peer;
  const entries = text.split(',');
  let furthest: string | undefined;
  for (let i = entries.length - 1; i >= 0; i--) {
    const address = plainIp((entries[i] as string).trim());
    if (address === undefined) return peer;
    if (!trusted(address)) return address;
    furthest = address;
  }
  return furthest ?? peer;
}

/**
 * The client address of each request under a config whose `trustedProxies` is read at each use
 * (`core reload` replaces the array; it is compiled again when it does).
 */
export function clientAddresses(config: { readonly trustedProxies: readonly string[] }): ClientAddress {
  let compiledFrom: readonly string[] | undefined;
  let list = new BlockList();
  const trusted = (address: string): boolean => inList(list, address);
  // A request is resolved for its admission, and again for its access-log entry and its stream's log lines.
  const resolved = new WeakMap<IncomingMessage, string | undefined>();
  return (req) => {
    const proxies = config.trustedProxies;
    const peer = req.socket.remoteAddress;
    if (proxies.length === 0 || peer === undefined) return peer;
    if (proxies !== compiledFrom) {
      list = new BlockList();
      for (const entry of proxies) {
        const r = parseRange(entry);
        if (r !== undefined) list.addSubnet(r.address, r.prefix, r.family);
      }
      compiledFrom = proxies;
    }
    if (!trusted(peer)) return peer;
    if (resolved.has(req)) return resolved.get(req);
    const client = forwardedClient(peer, req.headers['x-forwarded-for'], trusted);
    resolved.set(req, client);
    return client;
  };
}
