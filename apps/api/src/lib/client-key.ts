import { isIPv4, isIPv6 } from 'node:net';

/** Hextets of a valid IPv6 address (zone dropped, `::` expanded, embedded IPv4 as two hextets). */
function ipv6Hextets(address: string): number[] | null {
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return null;
  let text = bare.toLowerCase();
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((h) => Number.parseInt(h, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
}

/**
 * The client an address stands for, as every per-client limit counts it (SMS and captcha per
 * address, wrong codes per address, the general request limit): an IPv4 address as it is; an
 * IPv6 address by its /64, because one subscriber is given a whole /64 and can pick any address
 * in it; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as its IPv4 address.
 */
export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const hextets = ipv6Hextets(ip);
  if (!hextets) return ip;
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    const [hi, lo] = [hextets[6]!, hextets[7]!];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}
