import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// Validation messages (configuration and API requests alike) in Spanish, the product's language.
z.config(z.locales.es());

/** Repository root, so relative defaults work whichever workspace the process starts in. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** An optional URL; an empty value counts as unset. */
const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.url('debe ser una URL válida').optional());

/** Every environment variable the server reads, with the embedded-mode defaults. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: optionalUrl.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    'debe empezar por postgres:// o postgresql://',
  ),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Extranet <no-reply@extranet.local>'),
  OPERATORS_EMAIL: z.email('debe ser un e-mail válido').default('operaciones@extranet.local'),
  MAPS_API_KEY: z.string().default(''),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: z.string().default(''),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  REDIS_URL: optionalUrl,
  SESSION_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  ACCESS_LINK_DAYS: z.coerce.number().int().positive().default(7),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  TRUST_PROXY: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Pause between runs of the scheduled jobs (certificate notices, purges); default 1 h. */
  JOBS_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /** Pause of the outbox worker between polls when nothing is due. */
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(50).default(5_000),
  /** How long a claimed delivery is held before another worker may retry it. */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).default(120_000),
  /**
   * The build's id (a commit, an image tag): part of every ETag, so a deploy never answers 304
   * with a body an older build made. Default: a hash of the server's and the contracts' code.
   */
  BUILD_ID: z.string().trim().max(200).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Portals whose users must use an authenticator code (TOTP), e.g. `proveedores,clientes`. */
  TOTP_REQUIRED: z
    .string()
    .default('')
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(['clientes', 'proveedores'], 'debe ser clientes y/o proveedores'))),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  webDistDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The company's operators: transport requests from customers are e-mailed here. */
  operatorsEmail: string;
  mapsApiKey: string;
  s3: {
    endpoint: string | undefined;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  };
  redisUrl: string | undefined;
  sessionSecret: string;
  /** A session dies after this many minutes without requests… */
  sessionIdleMinutes: number;
  /** …and this many hours after login, whatever its activity. */
  sessionAbsoluteHours: number;
  /** Default validity of an id+token access link. */
  accessLinkDays: number;
  uploadMaxBytes: number;
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  jobsIntervalMs: number;
  outboxIntervalMs: number;
  outboxLeaseMs: number;
  logLevel: string;
  /** Portals whose users must enrol a TOTP second factor (the others may). */
  totpRequired: ('clientes' | 'proveedores')[];
  /** Identifies the code that answers: part of the ETags (decision 014). */
  buildId: string;
};

/** Thrown with every problem at once, so an operator fixes the environment in one go. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración no válida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment once; throws a ConfigError listing what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  if (e.S3_ENDPOINT && !e.S3_BUCKET) {
    throw new ConfigError(['S3_BUCKET: es obligatoria cuando S3_ENDPOINT está definida']);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    operatorsEmail: e.OPERATORS_EMAIL,
    mapsApiKey: e.MAPS_API_KEY,
    s3: {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    },
    redisUrl: e.REDIS_URL,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir, 'session-secret'),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    accessLinkDays: e.ACCESS_LINK_DAYS,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    jobsIntervalMs: e.JOBS_INTERVAL_MS,
    outboxIntervalMs: e.OUTBOX_INTERVAL_MS,
    outboxLeaseMs: e.OUTBOX_LEASE_MS,
    logLevel: e.LOG_LEVEL,
    totpRequired: e.TOTP_REQUIRED,
    buildId: e.BUILD_ID || codeHash(),
  };
}

let codeHashMemo: string | undefined;

/**
 * A hash of the code that makes the answers: the server's own folder (`src` or `dist`, the one
 * running) and the contracts' sources. Every instance of one build computes the same, so an
 * ETag of one is valid on the others; any change of the code changes it.
 */
function codeHash(): string {
  if (codeHashMemo) return codeHashMemo;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|js|json)$/.test(entry.name)) {
        hash.update(path.relative(repoRoot, full)).update(readFileSync(full));
      }
    }
  };
  walk(path.dirname(fileURLToPath(import.meta.url)));
  walk(path.join(repoRoot, 'packages/contracts/src'));
  codeHashMemo = hash.digest('base64url').slice(0, 16);
  return codeHashMemo;
}

/**
 * Secrets not given in the environment are generated on first start and kept in the data
 * directory (mode 0600), so sessions and signed links survive restarts.
 */
function loadOrCreateSecret(dataDir: string, name: string): string {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
