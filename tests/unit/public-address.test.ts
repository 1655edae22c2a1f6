import { describe, expect, it } from "vitest";
import { isAllowedAddress, isPublicHost, isRefusedName } from "../../server/security/public-address";

/** The hostname a push endpoint's URL ends up with: IPv4 numbers in any notation are read as dotted decimal. */
const hostOf = (written: string) => new URL(`https://${written}/push`).hostname;

const nowhere = () => Promise.reject(new Error("no lookup expected"));

describe("the address classifier", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.1", "loopback, short form"],
    ["2130706433", "loopback, decimal"],
    ["0x7f.1", "loopback, hex"],
    ["0x7f000001", "loopback, one hex number"],
    ["0177.0.0.1", "loopback, octal"],
    ["[::1]", "IPv6 loopback"],
    ["[::ffff:127.0.0.1]", "IPv4-mapped loopback"],
    ["[::ffff:169.254.169.254]", "IPv4-mapped metadata"],
    ["[::ffff:10.0.0.1]", "IPv4-mapped private"],
    ["[::]", "IPv6 unspecified"],
    ["0.0.0.0", "this host"],
    ["0.1.2.3", "0.0.0.0/8"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "shared (CGNAT)"],
    ["100.127.255.254", "shared (CGNAT)"],
    ["169.254.169.254", "metadata (link-local)"],
    ["169.254.0.1", "link-local"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["[fc00::1]", "unique-local"],
    ["[fd00:ec2::254]", "unique-local (AWS metadata)"],
    ["[fdff:ffff::1]", "unique-local"],
    ["[fe80::1]", "link-local"],
    ["[febf::1]", "link-local"],
    ["[ff02::1]", "multicast"],
    ["[64:ff9b::7f00:1]", "NAT64 of loopback"],
    ["[2002:7f00:1::]", "6to4 of loopback"],
    ["localhost", "loopback name"],
    ["LOCALHOST.", "loopback name, any case, trailing dot"],
    ["push.localhost", "a name under localhost"],
    ["metadata.google.internal", "metadata name"],
    ["metadata.google.internal.", "metadata name, trailing dot"],
    ["printer.local", "mDNS name"],
  ])("refuses %s (%s) before any lookup", async (written) => {
    const host = hostOf(written);
    expect(isRefusedName(host)).toBe(true);
    expect(await isPublicHost(host, nowhere, { allowLoopback: false })).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "100.63.255.255",
    "100.128.0.1",
    "172.15.255.255",
    "172.32.0.1",
    "169.253.255.255",
    "[2a00:1450:4009:81f::200a]",
    "[::ffff:8.8.8.8]",
  ])("accepts the public address %s", async (written) => {
    const host = hostOf(written);
    expect(isRefusedName(host)).toBe(false);
    expect(await isPublicHost(host, nowhere, { allowLoopback: false })).toBe(true);
  });

  it("allows loopback, and only loopback, when tests run their push service on this host", () => {
    const tests = { allowLoopback: true };
    expect(isAllowedAddress("127.0.0.1", tests)).toBe(true);
    expect(isAllowedAddress("::1", tests)).toBe(true);
    expect(isAllowedAddress("::ffff:127.0.0.1", tests)).toBe(true);
    expect(isRefusedName("localhost", tests)).toBe(false);
    for (const inside of ["10.0.0.1", "169.254.169.254", "192.168.0.1", "fd00::1", "0.0.0.0", "::"]) {
      expect(isAllowedAddress(inside, tests), inside).toBe(false);
    }
    expect(isRefusedName("metadata.google.internal", tests)).toBe(true);
  });

  it("resolves a name and refuses it when any of its addresses is not public, or when it does not resolve", async () => {
    const resolvesTo =
      (...addresses: string[]) =>
      async () =>
        addresses;
    const policy = { allowLoopback: false };
    expect(await isPublicHost("fcm.googleapis.com", resolvesTo("142.250.180.10"), policy)).toBe(true);
    expect(await isPublicHost("rebind.example", resolvesTo("127.0.0.1"), policy)).toBe(false);
    expect(await isPublicHost("mixed.example", resolvesTo("142.250.180.10", "10.0.0.5"), policy)).toBe(false);
    expect(await isPublicHost("mapped.example", resolvesTo("::ffff:169.254.169.254"), policy)).toBe(false);
    expect(await isPublicHost("nothing.example", resolvesTo(), policy)).toBe(false);
    expect(await isPublicHost("unknown.example", nowhere, policy)).toBe(false);
  });
});
