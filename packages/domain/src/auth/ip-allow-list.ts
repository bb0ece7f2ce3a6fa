/**
 * Decides whether a client address is on a company's IP allow-list.
 * Entries are IPv4/IPv6 addresses or CIDR ranges; an empty list allows everyone.
 */
export function isIpAllowed(address: string, allowList: readonly string[]): boolean {
  if (allowList.length === 0) return true;
  const client = parseAddress(normaliseMappedIpv4(address));
  if (!client) return false;
  return allowList.some((entry) => {
    const [base = '', prefixText] = entry.trim().split('/');
    const network = parseAddress(base);
    if (!network || network.version !== client.version) return false;
    const bits = network.bytes.length * 8;
    const prefix = prefixText === undefined ? bits : Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > bits) return false;
    return samePrefix(client.bytes, network.bytes, prefix);
  });
}

/**
 * Whether an allow-list entry is an IPv4/IPv6 address or a CIDR range with a prefix
 * that fits its address family (e.g. `10.0.0.0/8`, `2001:db8::/32`).
 */
export function isValidIpAllowListEntry(entry: string): boolean {
  const parts = entry.trim().split('/');
  if (parts.length > 2) return false;
  const [base = '', prefixText] = parts;
  const network = parseAddress(base);
  if (!network) return false;
  if (prefixText === undefined) return true;
  if (!/^\d{1,3}$/.test(prefixText)) return false;
  return Number(prefixText) <= network.bytes.length * 8;
}

function normaliseMappedIpv4(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

interface ParsedAddress {
  version: 4 | 6;
  bytes: number[];
}

function parseAddress(text: string): ParsedAddress | null {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text)) {
    const bytes = text.split('.').map(Number);
    return bytes.every((b) => b <= 255) ? { version: 4, bytes } : null;
  }
  if (!/^[0-9a-fA-F:]+$/.test(text) || !text.includes(':')) return null;
  const [head = '', tail] = text.split('::');
  if (text.split('::').length > 2) return null;
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  if (groups.some((g) => g.length === 0 || g.length > 4)) return null;
  const bytes = groups.flatMap((g) => {
    const value = parseInt(g, 16);
    return [value >> 8, value & 0xff];
  });
  return { version: 6, bytes };
}

function samePrefix(a: number[], b: number[], prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((a[byte] ?? 0) & mask) !== ((b[byte] ?? 0) & mask)) return false;
  }
  return true;
}
