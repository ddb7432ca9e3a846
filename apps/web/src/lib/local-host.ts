/**
 * Whether a page's host name is local: this machine (`localhost`, `*.localhost`, 127.0.0.0/8,
 * `::1`) or a private LAN address (10/8, 172.16/12, 192.168/16), where a server is commonly run
 * over plain http (development, play on a home network). Anything else is taken to be public.
 * `hostname` is as `location.hostname` gives it (an IPv6 address in brackets).
 */
export function isLocalHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name === '[::1]' || name === '::1') return true;
  const octets = ipv4(name);
  if (octets === null) return false;
  const [a, b] = octets;
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** The first two octets of a dotted IPv4 address, or null when `name` is not one. */
function ipv4(name: string): [number, number] | null {
  const parts = name.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255)) return null;
  return [Number(parts[0]), Number(parts[1])];
}
