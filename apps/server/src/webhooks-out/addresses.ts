import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Addresses a webhook must not reach unless the install allows it: this host, its link-local
 * neighbours (cloud metadata at 169.254.169.254), private networks, and addresses that are not
 * one machine (unspecified, multicast, reserved). IPv4-mapped IPv6 addresses are checked as IPv4.
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  refused.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  refused.addSubnet(network, prefix, "ipv6");
}

/** Whether a webhook may not be sent to this address (anything not an IP address is refused too). */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return refused.check(address, family === 4 ? "ipv4" : "ipv6");
}

export class RefusedAddressError extends Error {
  constructor(host: string, address: string) {
    super(
      host === address
        ? `${host} is a loopback, link-local or private address, which webhooks may not reach on this install.`
        : `${host} resolves to ${address}, a loopback, link-local or private address, which webhooks may not reach on this install.`,
    );
    this.name = "RefusedAddressError";
  }
}

/** The URL's host without IPv6 brackets, as DNS and isIP take it. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Resolves the host and throws RefusedAddressError when any of its addresses is refused (a name
 * answering both a public and a private address could otherwise be steered to the private one).
 * Answers the addresses, so the caller can connect to exactly what was checked.
 */
export async function checkedAddresses(
  host: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: number }[]> {
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  if (!allowPrivate) {
    const bad = addresses.find(({ address }) => isRefusedAddress(address));
    if (bad) throw new RefusedAddressError(host, bad.address);
  }
  return addresses;
}

/**
 * The socket's DNS lookup for a delivery: the name is resolved and checked at connection time,
 * and the socket connects to the checked address, so a name that changed its answer since the
 * webhook was saved (DNS rebinding) is still refused.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, allowPrivate).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter(({ family }) => wanted === 0 || family === wanted);
        if (options.all) callback(null, usable);
        else {
          const [first] = usable;
          if (first) callback(null, first.address, first.family);
          else
            callback(Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: "ENOTFOUND" }), "", 0);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}
