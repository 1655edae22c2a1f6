import { promises as dns, type LookupAddress, type LookupAllOptions, type LookupOptions } from "node:dns";
import net from "node:net";

/**
 * Where a server-side fetch (a push today) may go (DESIGN §5.24): public addresses only. A URL a
 * user hands in could otherwise make the server open connections inside its own network.
 */

// Every range that is not the public internet: this host, private networks, shared (CGNAT),
// link-local (cloud metadata at 169.254.169.254), documentation, benchmarking, multicast, reserved.
const refused = new net.BlockList();
for (const [net4, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  refused.addSubnet(net4, prefix, "ipv4");
}
// IPv6: unspecified, loopback and IPv4-compatible (::/96), NAT64 and 6to4 and Teredo (they carry an
// IPv4 address a gateway would reach), discard, documentation, unique-local (fc00::/7, also AWS's
// metadata fd00:ec2::254), site-local, link-local and multicast. IPv4-mapped addresses
// (::ffff:a.b.c.d) are checked against the IPv4 ranges by the block list itself.
for (const [net6, prefix] of [
  ["::", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 32],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  refused.addSubnet(net6, prefix, "ipv6");
}

const loopback = new net.BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** Who may be reached: the public internet, and this host too when tests run a push service here. */
export type AddressPolicy = { allowLoopback: boolean };

const familyOf = (ip: string) => (net.isIPv6(ip) ? "ipv6" : "ipv4");

/** An IP address (no brackets) the policy lets a server-side fetch reach. */
export function isAllowedAddress(ip: string, policy: AddressPolicy = { allowLoopback: false }): boolean {
  if (!net.isIP(ip)) return false;
  const family = familyOf(ip);
  if (policy.allowLoopback && loopback.check(ip, family)) return true;
  return !refused.check(ip, family);
}

// Names that never lead to the public internet, whatever a resolver says about them today.
const privateNames = [/^localhost$/, /\.localhost$/, /\.internal$/, /\.local$/, /\.home\.arpa$/];

/** A URL's hostname as an IP address, without IPv6 brackets; null when it is a name. */
export function ipOf(hostname: string): string | null {
  const bare = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : null;
}

/** A hostname (from a parsed URL: IPv4 numbers in any notation already read as dotted decimal) that is refused before any lookup. */
export function isRefusedName(hostname: string, policy: AddressPolicy = { allowLoopback: false }): boolean {
  const ip = ipOf(hostname);
  if (ip) return !isAllowedAddress(ip, policy);
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (policy.allowLoopback && name === "localhost") return false;
  return name === "" || privateNames.some((re) => re.test(name));
}

/** Every address a name resolves to (injectable: tests make a name resolve where they need). */
export type AddressLookup = (hostname: string) => Promise<string[]>;

// Asked of DNS directly (c-ares), never through getaddrinfo: a name that is slow to resolve then
// holds up neither libuv's thread pool (password hashing, files) nor a request for long.
const resolver = new dns.Resolver({ timeout: 2000, tries: 2 });

export const systemLookup: AddressLookup = async (hostname) => {
  const answers = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
  const addresses = answers.flatMap((a) => (a.status === "fulfilled" ? a.value : []));
  if (addresses.length > 0) return addresses;
  throw answers[0].status === "rejected" ? answers[0].reason : new Error(`${hostname} has no address`);
};

/** True when the host is a public name or address and every address it resolves to now is public. */
export async function isPublicHost(hostname: string, lookup: AddressLookup, policy: AddressPolicy): Promise<boolean> {
  if (isRefusedName(hostname, policy)) return false;
  if (ipOf(hostname)) return true;
  const addresses = await lookup(hostname).catch(() => []);
  return addresses.length > 0 && addresses.every((ip) => isAllowedAddress(ip, policy));
}

export class RefusedAddressError extends Error {
  readonly code = "ERR_REFUSED_ADDRESS";
}

const familyNumber = (family: LookupOptions["family"]) =>
  family === 6 || family === "IPv6" ? 6 : family === 4 || family === "IPv4" ? 4 : 0;

type NetLookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for net.connect that resolves with `lookup` and refuses when any address is not
 * allowed: checked again at each connection, so a name that resolved to a public address when it
 * was stored and to an inside one now (DNS rebinding) is never connected to.
 */
export function connectLookup(lookup: AddressLookup, policy: AddressPolicy) {
  return (hostname: string, options: LookupOptions | LookupAllOptions, callback: NetLookupCallback) => {
    lookup(hostname).then(
      (addresses) => {
        const bad = addresses.find((ip) => !isAllowedAddress(ip, policy));
        if (addresses.length === 0 || bad) {
          callback(new RefusedAddressError(`${hostname} resolves to ${bad ?? "no address"}: not a public address`), "");
          return;
        }
        const wanted = familyNumber(options.family);
        const list = addresses
          .map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }))
          .filter((a) => wanted === 0 || a.family === wanted);
        if (list.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: "ENOTFOUND" }), "");
          return;
        }
        if (options.all) callback(null, list);
        else callback(null, list[0].address, list[0].family);
      },
      (err: Error) => callback(err, ""),
    );
  };
}
