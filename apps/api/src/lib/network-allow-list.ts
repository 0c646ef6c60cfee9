import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * BACKOFFICE_ALLOW_NETWORKS (config.ts, docs/backoffice.md): the client networks the back office
 * answers; every other address gets 404, as if it did not exist. The address is the one Fastify
 * resolved (the TCP peer, or the client behind TRUST_PROXY's proxies), never a header as sent.
 */
export interface NetworkAllowList {
  readonly entries: readonly string[];
  checkAllows(ip: string): boolean;
}

/** One CIDR or address: `10.0.0.0/8`, `192.168.1.7`, `fd00::/8`, `::1`. Null when not understood. */
function parseEntry(entry: string): { address: string; prefix: number; type: 'ipv4' | 'ipv6' } | null {
  const [address = '', bits, ...rest] = entry.trim().split('/');
  if (rest.length) return null;
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (!type) return null;
  const max = type === 'ipv4' ? 32 : 128;
  if (bits === undefined) return { address, prefix: max, type };
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return { address, prefix: Number(bits), type };
}

/** Parses the comma-separated list; throws naming what it did not understand. */
export function parseNetworkAllowList(text: string): NetworkAllowList {
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const list = new BlockList();
  const bad: string[] = [];
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (!parsed) bad.push(entry);
    else list.addSubnet(parsed.address, parsed.prefix, parsed.type);
  }
  if (bad.length) throw new Error(`BACKOFFICE_ALLOW_NETWORKS: not an address or CIDR: ${bad.join(', ')}`);
  if (!entries.length) throw new Error('BACKOFFICE_ALLOW_NETWORKS is set but lists no network');
  return {
    entries,
    checkAllows(ip) {
      // an IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d
      const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
      const address = mapped ? mapped[1]! : ip;
      if (isIPv4(address)) return list.check(address, 'ipv4');
      if (isIPv6(address)) return list.check(address, 'ipv6');
      return false;
    },
  };
}
