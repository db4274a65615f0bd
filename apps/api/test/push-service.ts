/**
 * A small RFC 8030 push service for the tests: an https server (a self-signed certificate made
 * with openssl at start; the app trusts it through PUSH_CA_FILE) taking POST /push/:id. It checks
 * the TTL and Urgency headers and the VAPID Authorization (RFC 8292: the ES256 signature of the JWT
 * with the key in `k`, its aud the service's origin, exp in the next 24 hours), DECRYPTS the
 * aes128gcm body (RFC 8188/8291) with the subscription's private key and records the plaintext.
 * Each subscription can be told to answer 410, 429 (with Retry-After), 500, or never.
 */
import { execFileSync } from 'node:child_process';
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export type Mode = 'ok' | 410 | 429 | 500 | 'hang';

export interface Received {
  id: string;
  /** The decrypted JSON. */
  payload: any;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID public key (`k`) it was signed with. */
  vapidKey: string;
  /** The JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  at: number;
}

/** A browser's side of a subscription: its keys (made here), as PushSubscription.toJSON(). */
export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

function b64url(s: string): Buffer {
  return Buffer.from(s, 'base64url');
}

/** RFC 8291 §3.4 and RFC 8188: the plaintext of an aes128gcm body (one record). */
export function decrypt(body: Buffer, sub: Pick<TestSubscription, 'ecdh' | 'authSecret'>): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const uaPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, sub.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: the claims of a valid `vapid t=…, k=…` header for `origin`; throws otherwise. */
export function verifyVapid(header: string | undefined, origin: string): { key: string; claims: Received['claims'] } {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [h, p, s] = m[1]!.split('.') as [string, string, string];
  const head = JSON.parse(b64url(h).toString('utf8'));
  if (head.alg !== 'ES256') throw new Error('not ES256');
  const point = b64url(m[2]!);
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, b64url(s))) throw new Error('bad signature');
  const claims = JSON.parse(b64url(p).toString('utf8'));
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) throw new Error('bad exp');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('bad sub');
  return { key: m[2]!, claims };
}

export class PushService {
  readonly received: Received[] = [];
  /** Requests refused (their reason), e.g. a bad VAPID header. */
  readonly rejected: string[] = [];
  /** Every request that came, also those answered with an error or never. */
  readonly hits: Array<{ id: string; at: number }> = [];
  private readonly modes = new Map<string, Mode>();
  private readonly subs = new Map<string, TestSubscription>();
  private readonly hanging = new Set<import('node:http').ServerResponse>();
  private seq = 0;

  private constructor(
    private readonly server: https.Server,
    readonly origin: string,
    /** PEM file of the self-signed certificate (PUSH_CA_FILE). */
    readonly caFile: string,
    private readonly dir: string,
  ) {}

  /** Starts on 127.0.0.1 at a free port. */
  static async start(): Promise<PushService> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kelasku-push-'));
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    // A certificate for 127.0.0.1 (subject and SAN on the command line: openssl asks nothing).
    execFileSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]);
    const ref: { self?: PushService } = {};
    const server = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => ref.self!.handle(req, res, Buffer.concat(chunks)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ref.self = new PushService(server, `https://127.0.0.1:${port}`, certFile, dir);
    return ref.self;
  }

  /** The PUSH_HOSTS entry of this service. */
  get host(): string {
    return new URL(this.origin).host;
  }

  /** A new browser subscription on this service. */
  subscribe(mode: Mode = 'ok'): TestSubscription {
    const id = `s${++this.seq}-${randomBytes(4).toString('hex')}`;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const sub = {
      id,
      endpoint: `${this.origin}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
      ecdh,
      authSecret,
    };
    this.subs.set(id, sub);
    this.modes.set(id, mode);
    return sub;
  }

  setMode(sub: TestSubscription, mode: Mode): void {
    this.modes.set(sub.id, mode);
  }

  /** What reached this subscription, decrypted. */
  of(sub: TestSubscription): Received[] {
    return this.received.filter((r) => r.id === sub.id);
  }

  private handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, body: Buffer): void {
    const m = /^\/push\/([\w-]+)$/.exec(req.url ?? '');
    const sub = m ? this.subs.get(m[1]!) : undefined;
    if (req.method !== 'POST' || !sub) {
      res.writeHead(404).end();
      return;
    }
    this.hits.push({ id: sub.id, at: Date.now() });
    const mode = this.modes.get(sub.id) ?? 'ok';
    if (mode === 'hang') {
      this.hanging.add(res);
      return;
    }
    if (mode !== 'ok') {
      res.writeHead(mode, mode === 429 ? { 'Retry-After': '120' } : {}).end();
      return;
    }
    try {
      const ttl = req.headers.ttl as string | undefined;
      if (!ttl || !/^\d+$/.test(ttl)) throw new Error('no TTL');
      const urgency = req.headers.urgency as string | undefined;
      if (urgency && !['very-low', 'low', 'normal', 'high'].includes(urgency)) throw new Error('bad Urgency');
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      const { key, claims } = verifyVapid(req.headers.authorization, this.origin);
      const payload = JSON.parse(decrypt(body, sub));
      const topic = req.headers.topic as string | undefined;
      this.received.push({ id: sub.id, payload, ttl, urgency, topic, vapidKey: key, claims, at: Date.now() });
      res.writeHead(201, { Location: `${this.origin}/message/${this.received.length}` }).end();
    } catch (err) {
      this.rejected.push((err as Error).message);
      res.writeHead(400).end();
    }
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
