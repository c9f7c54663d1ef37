import type { FastifyRequest } from 'fastify';
import { stdSerializers, type LoggerOptions } from 'pino';

/** What a secret becomes in a log line. */
export const REDACTED = '[oculto]';

/**
 * Pages whose URL is itself the credential (spec §6 access links `{id}/{token}`, the carrier's
 * delivery-note links, the driver's and the shipment's links): the captured group is the secret. A new capability URL is added here;
 * `TOKEN_LIKE_SEGMENT` below catches the ones nobody added.
 */
const CAPABILITY_PATHS: RegExp[] = [
  /^(\/clientes\/(?:tracking|portes)\/[^/?#]+\/)([^/?#]+)/,
  /^(\/clientes\/file\/[^/?#]+\/[^/?#]+\/)([^/?#]+)/,
  /^(\/proveedores\/(?:cargas|subir-albaranes-entrega)\/[^/?#]+\/)([^/?#]+)/,
  /^(\/conductor\/)([^/?#]+)/,
  /^(\/api\/conductor\/)([^/?#]+)/,
  /^(\/api\/ecmr\/firma\/)([^/?#]+)/,
  /^(\/envio\/)([^/?#]+)/,
  /^(\/api\/envio\/)([^/?#]+)/,
];

/**
 * Any path segment that looks like a random secret (our tokens are 43 base64url characters):
 * 20 or more letters, digits, `-` or `_`, with at least one digit and one letter. Words and
 * slugs (`subir-albaranes-entrega`), numeric ids and file names (with a dot) do not match.
 */
const TOKEN_LIKE_SEGMENT = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9_-]{20,}$/;

/** Query parameters and body fields whose value is a secret, whatever the route. */
const SECRET_NAMES =
  /^(?:token|access_token|refresh_token|clave|password|contrasena|code|codigo|secret|secreto|key|api_key|apikey|sid|signature|sig)$/i;

/** `scheme://user:password@host` credentials in any text (DATABASE_URL, SMTP_URL, REDIS_URL). */
const URL_CREDENTIALS = /(\/\/[^/\s:@]+:)[^@\s/]+@/g;

/** The path and query of a URL with every secret replaced by `[oculto]`. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  for (const pattern of CAPABILITY_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  path = path
    .split('/')
    .map((segment) => (TOKEN_LIKE_SEGMENT.test(segment) ? REDACTED : segment))
    .join('/');
  if (queryAt === -1) return path;
  const params = query.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // A malformed name is kept as it came: it is not one of ours.
    }
    const value = equals === -1 ? '' : pair.slice(equals + 1);
    if (SECRET_NAMES.test(decoded) || TOKEN_LIKE_SEGMENT.test(value)) {
      return `${name}=${REDACTED}`;
    }
    return pair;
  });
  return `${path}?${params.join('&')}`;
}

/** Free text (an error message, a stack) with URL secrets and credentials redacted. */
export function redactText(text: string): string {
  return text
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
    .replace(/\/[^\s'"]*/g, (url) => (url.startsWith('//') ? url : redactUrl(url)));
}

/** The request in the request line: method, URL without secrets, host and client address. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function serializeError(error: Error) {
  const serialized = stdSerializers.err(error);
  if (typeof serialized.message === 'string') serialized.message = redactText(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = redactText(serialized.stack);
  return serialized;
}

const SECRET_FIELDS = [
  'clave',
  'password',
  'token',
  'codigo',
  'secreto',
  'secret',
  'claveActual',
  'claveNueva',
];
const SECRET_HEADERS = ['cookie', 'authorization', '"x-api-key"', '"x-csrf-token"'];

/**
 * Pino options that keep secrets out of every log line (docs/security.md): URLs through the
 * request serializer, credentials in error messages, and headers and body fields by name,
 * should any code log them.
 */
export const logRedaction: Pick<LoggerOptions, 'redact' | 'serializers'> = {
  serializers: { req: serializeRequest, err: serializeError },
  redact: {
    censor: REDACTED,
    paths: [
      ...SECRET_HEADERS.flatMap((h) => [`req.headers.${h}`, `headers.${h}`]),
      'res.headers["set-cookie"]',
      ...SECRET_FIELDS.flatMap((field) => [field, `body.${field}`, `*.${field}`]),
    ],
  },
};
