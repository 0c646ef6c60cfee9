import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { API_ROOT } from './lib/api-root';
import { type NetworkAllowList, parseNetworkAllowList } from './lib/network-allow-list';

export type SmsProviderConfig =
  | { kind: 'console' }
  | { kind: 'twilio'; accountSid: string; authToken: string; from: string; baseUrl: string };

/** MAIL_PROVIDER: `console` (log and dev outbox, never in production) or `smtp` (nodemailer). */
export type MailConfig = { kind: 'console' } | { kind: 'smtp'; url: string; from: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  isProduction: boolean;
  /** 32 bytes: encrypts identity numbers and files (AES-256-GCM) and keys the look-up hashes. */
  dataKey: Buffer;
  /** Shared with the web client; `_sign` guards against casual tampering only. */
  signSecret: string;
  /** Key of the partner-link mobile encryption (decode_mobile), 32 bytes. */
  linkKey: Buffer;
  sms: SmsProviderConfig;
  /** How the personal step's email codes are sent (MAIL_PROVIDER, SMTP_URL, MAIL_FROM). */
  mail: MailConfig;
  caType: 'sz' | 'gd';
  /**
   * spec §4's bank-update page (status 1 without a designated account): BANK_UPDATE_URL, an https
   * address of the broker's page or a path of this site; unset, the product's own bank step.
   * docs/deposit.md § The bank-update redirect.
   */
  bankUpdateUrl: string | undefined;
  webDistDir: string;
  /** The staff console's build (BACKOFFICE_DIST_DIR), served under /backoffice/ when it exists. */
  backofficeDistDir: string;
  /**
   * Fastify's `trustProxy`: false (the TCP peer is the client), the number of proxies in front, or
   * the proxies' addresses/CIDRs. Never `true`: that would take the leftmost X-Forwarded-For entry,
   * which the client writes itself.
   */
  trustProxy: false | number | string[];
  /**
   * The general per-client request limit (plugins/external/rate-limit.ts): requests a minute per
   * client key, and the Redis that shares the count between processes (in memory without one).
   */
  rateLimit: { perMinute: number; redisUrl: string | undefined; keyPrefix: string };
  /** Where uploaded files live (FILE_STORE): sealed bytes in the database (default) or in S3. */
  fileStore: FileStoreConfig;
  /** The worker pool of PDF, image and video checks (plugins/app/heavy, docs/uploads.md). */
  heavy: HeavyConfig;
  /** Where the staff console (/backoffice, /backoffice/api) answers (docs/backoffice.md). */
  backoffice: BackofficeConfig;
  /**
   * EVIDENCE_SIGNING_KEY: the 32-byte Ed25519 seed that signs evidence packs' manifests
   * (docs/evidence-pack.md). Required in production; elsewhere generated once into DATA_DIR.
   */
  evidenceSigningKey: Buffer;
}

/**
 * BACKOFFICE_PORT (and BACKOFFICE_HOST, default 127.0.0.1): serve /backoffice and /backoffice/api
 * on a listener of their own, e.g. an internal interface or a port only the office VPN reaches;
 * the public listener (PORT) then answers 404 there. Unset: one listener serves both.
 *
 * BACKOFFICE_ALLOW_NETWORKS: comma-separated addresses or CIDRs (`10.0.0.0/8,192.168.1.7,fd00::/8`)
 * of the clients the back office answers; any other client gets 404. The address is the TCP peer,
 * or the client behind the proxies TRUST_PROXY names, never an X-Forwarded-For taken on trust.
 * Unset: every network. Both may be used together.
 */
export interface BackofficeConfig {
  port: number | undefined;
  host: string;
  allowNetworks: NetworkAllowList | undefined;
}

function parseBackofficeConfig(env: NodeJS.ProcessEnv, publicPort: number): BackofficeConfig {
  const rawPort = env.BACKOFFICE_PORT?.trim();
  if (rawPort && (!/^\d{1,5}$/.test(rawPort) || Number(rawPort) < 1 || Number(rawPort) > 65535))
    throw new Error(`BACKOFFICE_PORT must be a port number from 1 to 65535, not ${rawPort}`);
  if (rawPort && Number(rawPort) === publicPort)
    throw new Error('BACKOFFICE_PORT must differ from PORT: the point is a listener of its own');
  const networks = env.BACKOFFICE_ALLOW_NETWORKS?.trim();
  return {
    port: rawPort ? Number(rawPort) : undefined,
    host: env.BACKOFFICE_HOST?.trim() || '127.0.0.1',
    allowNetworks: networks ? parseNetworkAllowList(networks) : undefined,
  };
}

/**
 * HEAVY_THREADS, HEAVY_TIMEOUT_MS, HEAVY_QUEUE, HEAVY_MEMORY_MB: worker threads (1 on a 2-core
 * machine leaves a core to the event loop), each job's time limit, how many jobs may wait for a
 * thread before an upload is refused (3008), and each worker's JavaScript heap.
 */
export interface HeavyConfig {
  threads: number;
  timeoutMs: number;
  maxQueue: number;
  memoryMb: number;
}

/** FILE_STORE=s3: any S3-compatible store. The bucket only ever receives vault-sealed bytes. */
export interface S3FileStoreConfig {
  kind: 's3';
  bucket: string;
  region: string;
  /** Absent means AWS itself; set for MinIO, Ceph, R2 and the like. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Empty, or ending in `/`: every object name starts with it (a shared bucket). */
  prefix: string;
}

export type FileStoreConfig = { kind: 'database' } | S3FileStoreConfig;

export const DEFAULT_SIGN_SECRET = 'hk-open-account-h5';

function readKey(value: string | undefined, name: string): Buffer | undefined {
  if (!value) return undefined;
  const key = Buffer.from(value, /^[0-9a-f]{64}$/i.test(value) ? 'hex' : 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, as 64 hex characters or base64`);
  return key;
}

/** Names proxy-addr understands for groups of addresses. */
const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  // a /0 is every address: "trust everything" under another name
  return /^\d{1,3}$/.test(bits) && Number(bits) >= 1 && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or 0 → no proxy; a whole number → that many proxies in front (the client is
 * the address the outermost of them appended); otherwise a comma-separated list of proxy
 * addresses, CIDRs or proxy-addr names (loopback, linklocal, uniquelocal). `true` is refused: it
 * would make the leftmost X-Forwarded-For entry, which the client writes, its address.
 */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = (value ?? '').trim();
  if (!text || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (/^(true|yes|on|\*)$/i.test(text))
    throw new Error(
      `TRUST_PROXY=${text} would trust any X-Forwarded-For a client sends: set the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,192.168.1.10)`,
    );
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length)
    throw new Error(
      `TRUST_PROXY must be a number of proxies or a comma-separated list of proxy addresses/CIDRs; not understood: ${bad.join(', ')}`,
    );
  return entries;
}

/** A person filling in the forms makes a few dozen requests a minute; a script makes thousands. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 300;

function parseRateLimit(env: NodeJS.ProcessEnv): Config['rateLimit'] {
  const raw = env.RATE_LIMIT_PER_MINUTE?.trim();
  if (raw && !/^[1-9]\d*$/.test(raw))
    throw new Error(`RATE_LIMIT_PER_MINUTE must be a whole number of requests above 0, not ${raw}`);
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl))
    throw new Error('REDIS_URL must be a redis:// or rediss:// URL');
  return {
    perMinute: raw ? Number(raw) : DEFAULT_RATE_LIMIT_PER_MINUTE,
    redisUrl,
    keyPrefix: env.REDIS_KEY_PREFIX || 'hk-open-account:rate:',
  };
}

/** Embedded default only: a key generated once into DATA_DIR and reused on every start. */
function loadOrCreateKey(dataDir: string, file: string): Buffer {
  const keyPath = path.join(dataDir, file);
  if (existsSync(keyPath)) return readKey(readFileSync(keyPath, 'utf8').trim(), keyPath)!;
  const key = randomBytes(32);
  writeFileSync(keyPath, key.toString('hex'), { mode: 0o600, flag: 'wx' });
  return key;
}

/**
 * The developer tools (GET /dev/sms, /dev/captcha, the dev captcha memo, generated keys) exist
 * only with the console SMS provider outside production: with a real provider the messages go to
 * real phones, and nothing may read their codes back.
 */
export function hasDevTools(config: Pick<Config, 'isProduction' | 'sms'>): boolean {
  return !config.isProduction && config.sms.kind === 'console';
}

/** GET /dev/mail exists only with the console mailer outside production (no real mail is sent). */
export function hasMailDevTools(config: Pick<Config, 'isProduction' | 'mail'>): boolean {
  return !config.isProduction && config.mail.kind === 'console';
}

/** MAIL_PROVIDER=smtp needs SMTP_URL (smtp:// or smtps://) and MAIL_FROM; production needs smtp. */
export function parseMailConfig(env: NodeJS.ProcessEnv, isProduction: boolean): MailConfig {
  const kind = env.MAIL_PROVIDER || 'console';
  if (kind !== 'console' && kind !== 'smtp')
    throw new Error(`MAIL_PROVIDER must be "console" or "smtp", not "${kind}"`);
  if (kind === 'console') {
    if (isProduction) throw new Error('production needs a real MAIL_PROVIDER (smtp)');
    return { kind };
  }
  const url = env.SMTP_URL?.trim() ?? '';
  const from = env.MAIL_FROM?.trim() ?? '';
  if (!url || !from) throw new Error('MAIL_PROVIDER=smtp needs SMTP_URL and MAIL_FROM');
  if (!/^smtps?:\/\/[^\s]+$/.test(url)) throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  return { kind, url, from };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? './.data');
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl =
    env.DATABASE_URL && /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? env.DATABASE_URL : undefined;

  const sms: SmsProviderConfig =
    env.SMS_PROVIDER === 'twilio'
      ? {
          kind: 'twilio',
          accountSid: env.TWILIO_ACCOUNT_SID ?? '',
          authToken: env.TWILIO_AUTH_TOKEN ?? '',
          from: env.TWILIO_FROM ?? '',
          baseUrl: env.TWILIO_BASE_URL ?? 'https://api.twilio.com',
        }
      : { kind: 'console' };
  if (sms.kind === 'twilio' && !(sms.accountSid && sms.authToken && sms.from))
    throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');
  if (isProduction && sms.kind === 'console')
    throw new Error('production needs a real SMS_PROVIDER (twilio)');

  const mail = parseMailConfig(env, isProduction);

  let dataKey = readKey(env.DATA_KEY, 'DATA_KEY');
  let linkKey = readKey(env.LINK_KEY, 'LINK_KEY');
  // Real people's numbers (a real provider) need real keys, whatever NODE_ENV says: generated keys
  // and the default sign secret are for the console provider on a developer's machine only.
  const needsRealKeys = isProduction || sms.kind !== 'console';
  if (needsRealKeys) {
    const why = isProduction ? 'in production' : `with SMS_PROVIDER=${sms.kind}`;
    if (!dataKey) throw new Error(`DATA_KEY is required ${why} (32 bytes, hex or base64)`);
    if (!linkKey) throw new Error(`LINK_KEY is required ${why} (32 bytes, hex or base64)`);
    if (!env.SIGN_SECRET) throw new Error(`SIGN_SECRET is required ${why}`);
  }
  dataKey ??= loadOrCreateKey(dataDir, 'data.key');
  linkKey ??= loadOrCreateKey(dataDir, 'link.key');
  const evidenceSigningKey = readKey(env.EVIDENCE_SIGNING_KEY, 'EVIDENCE_SIGNING_KEY');
  if (isProduction && !evidenceSigningKey)
    throw new Error('EVIDENCE_SIGNING_KEY is required in production (32 bytes, hex or base64)');

  const port = Number(env.PORT ?? 8080);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    logLevel: env.LOG_LEVEL ?? 'info',
    isProduction,
    dataKey,
    linkKey,
    signSecret: env.SIGN_SECRET ?? DEFAULT_SIGN_SECRET,
    sms,
    mail,
    caType: env.CA_TYPE === 'gd' ? 'gd' : 'sz',
    bankUpdateUrl: parseBankUpdateUrl(env.BANK_UPDATE_URL, isProduction),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(API_ROOT, '../web/dist')),
    backofficeDistDir: path.resolve(env.BACKOFFICE_DIST_DIR ?? path.join(API_ROOT, '../backoffice/dist')),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimit: parseRateLimit(env),
    fileStore: parseFileStoreConfig(env),
    heavy: parseHeavyConfig(env),
    backoffice: parseBackofficeConfig(env, port),
    evidenceSigningKey: evidenceSigningKey ?? loadOrCreateKey(dataDir, 'evidence.key'),
  };
}

/**
 * BANK_UPDATE_URL: a path of this site (`/userinfo/bank`), or the broker's page at an https address
 * (http only outside production, for a developer's machine); no user name or password in it, no
 * fragment. Unset or empty: undefined (the product's own bank step).
 */
export function parseBankUpdateUrl(value: string | undefined, isProduction: boolean): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (text.startsWith('/') && !text.startsWith('//') && !/[\s\\#]/.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`BANK_UPDATE_URL must be an https address or a path of this site, not ${text}`);
  }
  const schemeOk = url.protocol === 'https:' || (!isProduction && url.protocol === 'http:');
  if (!schemeOk || url.username || url.password || url.hash)
    throw new Error(
      `BANK_UPDATE_URL must be an https address without credentials or fragment${isProduction ? '' : ' (http allowed outside production)'}, not ${text}`,
    );
  return url.toString();
}

function parseHeavyConfig(env: NodeJS.ProcessEnv): HeavyConfig {
  const read = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max)
      throw new Error(`${name} must be a whole number from ${min} to ${max}, not ${raw}`);
    return value;
  };
  return {
    threads: read('HEAVY_THREADS', 1, 1, 64),
    timeoutMs: read('HEAVY_TIMEOUT_MS', 10_000, 1, 600_000),
    maxQueue: read('HEAVY_QUEUE', 8, 0, 10_000),
    memoryMb: read('HEAVY_MEMORY_MB', 256, 32, 16_384),
  };
}

function parseFileStoreConfig(env: NodeJS.ProcessEnv): FileStoreConfig {
  const kind = env.FILE_STORE || 'database';
  if (kind === 'database') return { kind };
  if (kind !== 's3') throw new Error(`FILE_STORE must be "database" or "s3", not "${kind}"`);
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`FILE_STORE=s3 needs ${missing.join(', ')}`);
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(endpoint))
    throw new Error('S3_ENDPOINT must be an http:// or https:// address');
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  let forcePathStyle = endpoint !== undefined; // S3-compatible servers seldom have per-bucket hosts
  if (pathStyle === 'true' || pathStyle === '1') forcePathStyle = true;
  else if (pathStyle === 'false' || pathStyle === '0') forcePathStyle = false;
  else if (pathStyle) throw new Error('S3_FORCE_PATH_STYLE must be true or false');
  let prefix = (env.S3_PREFIX ?? '').replace(/^\/+/, '');
  if (!/^[A-Za-z0-9._\-/]*$/.test(prefix) || prefix.split('/').some((part) => part === '..'))
    throw new Error('S3_PREFIX may hold only letters, digits, ".", "_", "-" and "/"');
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  return {
    kind,
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle,
    prefix,
  };
}
