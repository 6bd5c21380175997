import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../../errors';

/**
 * Where the gateway may send a merchant's customers and callbacks: https on the public internet.
 * ALLOW_PRIVATE_CALLBACK_URLS lets local work use http and private or loopback addresses, never
 * link-local ones (169.254.169.254 is the cloud's metadata service, with its credentials).
 */
export interface UrlPolicy {
  allowPrivate: boolean;
  /** The addresses of a host name; node:dns unless a test gives its own. */
  resolve?: (host: string) => Promise<string[]>;
}

/** Where an address leads. */
export type AddressKind = 'public' | 'private' | 'link-local';

type Subnet = readonly [address: string, prefix: number];

const LINK_LOCAL_V4: Subnet[] = [['169.254.0.0', 16]];
/** Private, loopback, unspecified, CGNAT, and other addresses that are not the public internet. */
const PRIVATE_V4: Subnet[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const LINK_LOCAL_V6: Subnet[] = [['fe80::', 10]];
/** Unspecified, loopback, unique-local, site-local, multicast, discard, documentation, Teredo, local NAT64. */
const PRIVATE_V6: Subnet[] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fec0::', 10],
  ['ff00::', 8],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2001::', 32],
  ['64:ff9b:1::', 48],
];
/** IPv6 forms that carry an IPv4 address (mapped, NAT64, compatible) and the global unicast block. */
const ROUTED_V6: Subnet[] = [
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['::', 96],
  ['2000::', 3],
];

/** An IPv4 subnet as seen through each IPv6 form that embeds an IPv4 address, 6to4 included. */
const embedded = ([address, prefix]: Subnet): Subnet[] => {
  const [a, b, c, d] = address.split('.').map(Number);
  const sixToFour = `2002:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}::`;
  return [
    [`::ffff:${address}`, 96 + prefix],
    [`64:ff9b::${address}`, 96 + prefix],
    [`::${address}`, 96 + prefix],
    [sixToFour, 16 + prefix],
  ];
};

const blockList = (v4: Subnet[], v6: Subnet[]) => {
  const list = new BlockList();
  for (const [address, prefix] of v4) list.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of [...v6, ...v4.flatMap(embedded)]) list.addSubnet(address, prefix, 'ipv6');
  return list;
};

const LINK_LOCAL = blockList(LINK_LOCAL_V4, LINK_LOCAL_V6);
const PRIVATE = blockList(PRIVATE_V4, PRIVATE_V6);
const ROUTED = blockList([], ROUTED_V6);

/** Classifies an IP address (IPv4-mapped, NAT64 and 6to4 forms by the IPv4 address they carry). */
export const classifyAddress = (address: string): AddressKind => {
  const family = isIP(address);
  if (family === 0) throw new Error(`not an IP address: ${address}`);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LINK_LOCAL.check(address, type)) return 'link-local';
  if (PRIVATE.check(address, type)) return 'private';
  return type === 'ipv4' || ROUTED.check(address, 'ipv6') ? 'public' : 'private';
};

/** RFC 6761: names that never resolve are not looked up; localhost is loopback. */
const NEVER_RESOLVED = ['test', 'example', 'invalid'];
const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

const LOOKUP_TIMEOUT_MS = 5_000;

/** node:dns, given up after a few seconds (as a name that does not resolve). */
const resolveByDns = (host: string) =>
  new Promise<string[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`looking up ${host} timed out`)), LOOKUP_TIMEOUT_MS);
    lookup(host, { all: true, verbatim: true })
      .then((entries) => resolve(entries.map((entry) => entry.address)), reject)
      .finally(() => clearTimeout(timer));
  });

/** The addresses a URL's host stands for: none when it does not resolve. */
const addressesOf = async (hostname: string, policy: UrlPolicy): Promise<string[]> => {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (isIP(host)) return [host];
  if (under(host, 'localhost')) return ['127.0.0.1', '::1'];
  if (NEVER_RESOLVED.some((tld) => under(host, tld))) return [];
  try {
    return await (policy.resolve ?? resolveByDns)(host);
  } catch {
    return [];
  }
};

type Problem = 'invalid' | 'scheme' | 'private' | 'link-local' | 'unresolved';

const inspect = async (
  text: string,
  policy: UrlPolicy,
): Promise<{ problem: Problem } | { problem: null; url: URL; addresses: string[] }> => {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { problem: 'invalid' };
  }
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) return { problem: url.protocol === 'http:' ? 'scheme' : 'invalid' };
  const addresses = await addressesOf(url.hostname, policy);
  const kinds = addresses.map(classifyAddress);
  if (kinds.includes('link-local')) return { problem: 'link-local' };
  if (!policy.allowPrivate && kinds.includes('private')) return { problem: 'private' };
  if (addresses.length === 0) return { problem: 'unresolved' };
  return { problem: null, url, addresses };
};

const messageOf = (problem: Problem, label: string, policy: UrlPolicy): string =>
  ({
    invalid: `The ${label} must be a web address starting with ${policy.allowPrivate ? 'http:// or ' : ''}https://.`,
    scheme: `The ${label} must start with https://.`,
    private: `The ${label} must not point to a private or local address.`,
    'link-local': `The ${label} must not point to a link-local address.`,
    unresolved: `The host name of the ${label} does not resolve.`,
  })[problem];

/**
 * Checks a web address when it is saved: 400 naming the field unless it may be used. A name that
 * does not resolve (yet) is accepted; it is checked again when something is sent to it.
 */
export const checkSavedUrl = async (text: string, label: string, field: string, policy: UrlPolicy) => {
  const result = await inspect(text, policy);
  if (result.problem && result.problem !== 'unresolved')
    throw badRequest(messageOf(result.problem, label, policy), field);
};

export class UndeliverableUrl extends Error {}

/**
 * Checks a callback's address just before it is sent, by resolving its host again. The sender
 * must connect to one of the returned addresses (not resolve the name once more), so that a name
 * re-pointed in between cannot lead it to a private address.
 */
export const assertDeliverableUrl = async (
  text: string,
  policy: UrlPolicy,
  label = 'callback URL',
): Promise<{ url: URL; addresses: string[] }> => {
  const result = await inspect(text, policy);
  if (result.problem) throw new UndeliverableUrl(messageOf(result.problem, label, policy));
  return { url: result.url, addresses: result.addresses };
};
