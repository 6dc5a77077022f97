import { isIPv6 } from 'node:net';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The part of a client address that rate limits count: the address itself for IPv4, the /64
 * network for IPv6, since one subscriber usually holds a whole /64 and could rotate through it.
 */
export function addressGroup(address: string): string {
  const mapped = IPV4_MAPPED.exec(address)?.[1];
  if (mapped !== undefined) return mapped;
  const withoutZone = address.split('%')[0] ?? address;
  if (!isIPv6(withoutZone)) return address;
  const [head = '', tail] = withoutZone.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (a.b.c.d) fills two groups.
  const rightGroups = right.reduce((groups, part) => groups + (part.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - rightGroups).fill('0');
  const groups = [...left, ...zeros, ...right].slice(0, 4);
  return `${groups.map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}
