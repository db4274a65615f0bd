/**
 * What a subscription may point at (issue 42): the server posts only to push services. An endpoint
 * must be https on a known push service (Chrome, Edge, Firefox, Safari) or a host the operator
 * added (PUSH_HOSTS); a private, loopback or link-local address is refused unless it is one of those.
 * The same rules hold when a push is sent, and for the addresses a host name resolves to then.
 */
import { createECDH } from 'node:crypto';
import dns from 'node:dns';
import net from 'node:net';
import { REACH_MSG } from '@kelasku/contract';

/**
 * The push services of today's browsers: Chrome, Samsung Internet and Opera (FCM), Firefox
 * (Mozilla autopush), Edge (Windows Push Notification Services), Safari (Apple).
 */
const KNOWN_HOSTS = ['fcm.googleapis.com'];
const KNOWN_SUFFIXES = ['.push.services.mozilla.com', '.notify.windows.com', '.push.apple.com'];

/** Private, loopback, link-local and other non-public ranges. */
const PRIVATE = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(a, p, 'ipv4');
}
for (const [a, p] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(a, p, 'ipv6');
}

/** True for an address that is not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** True when PUSH_HOSTS names this URL's host (with its port when the entry has one). */
function addedHost(url: URL, hosts: readonly string[]): boolean {
  const host = url.host.toLowerCase();
  return hosts.some((h) => h === host || (!url.port && h === `${host}:443`));
}

const knownService = (hostname: string) => KNOWN_HOSTS.includes(hostname) || KNOWN_SUFFIXES.some((s) => hostname.endsWith(s));

/** Why an endpoint is refused (a REACH_MSG), or null when the server may post to it. */
export function endpointRefusal(endpoint: string, hosts: readonly string[]): string | null {
  if (!URL.canParse(endpoint)) return REACH_MSG.pushNotHttps;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return REACH_MSG.pushNotHttps;
  if (url.username || url.password) return REACH_MSG.pushHostRefused;
  if (addedHost(url, hosts)) return null;
  const hostname = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (isPrivateAddress(hostname)) return REACH_MSG.pushPrivateAddress;
  return !url.port && knownService(hostname) ? null : REACH_MSG.pushHostRefused;
}

/** A key of a subscription: base64url (padding allowed) of exactly `bytes` bytes. */
function decodeKey(value: string, bytes: number): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  const buf = Buffer.from(value, 'base64url');
  return buf.length === bytes ? buf : null;
}

/** True for a browser's p256dh (an uncompressed point on P-256) and auth secret (16 bytes). */
export function validKeys(p256dh: string, auth: string): { p256dh: boolean; auth: boolean } {
  const point = decodeKey(p256dh, 65);
  let onCurve = false;
  if (point && point[0] === 0x04) {
    try {
      // Refuses a point that is not on the curve.
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      ecdh.computeSecret(point);
      onCurve = true;
    } catch {
      onCurve = false;
    }
  }
  return { p256dh: onCurve, auth: decodeKey(auth, 16) !== null };
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the push agent: a host name that resolves to a private address is refused
 * (DNS rebinding: a public name that answers 127.0.0.1 at send time), unless PUSH_HOSTS names it.
 */
export function guardedLookup(hosts: readonly string[]) {
  const allowed = new Set(hosts.map((h) => h.replace(/:\d+$/, '').replace(/^\[|\]$/g, '')));
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses;
      if (!allowed.has(hostname.toLowerCase()) && list.some((a) => isPrivateAddress(a.address))) {
        const refused = Object.assign(new Error(`push host ${hostname} resolves to a private address`), { code: 'EPRIVATE' });
        return callback(refused, []);
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

const BROWSERS: Array<[RegExp, string]> = [
  [/EdgA?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome di Android", "Firefox di Windows": the browser and system of a User-Agent; null when neither is known. */
export function deviceName(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} di ${system}`;
  return browser ?? (system ? `Browser di ${system}` : null);
}
