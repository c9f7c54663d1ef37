import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { App } from '../app.js';
import type { Database } from '../db/database.js';
import { DEMO_PASSWORD } from '../db/seed/demo.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser for `app.inject`: keeps the cookies the server sets (session, CSRF, remember
 * token) and sends the CSRF header on writes, as the web client does. One per simulated user.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly app: App,
    /** The client IP (login throttling is per IP). */
    readonly ip = '127.0.0.1',
  ) {}

  async request(
    method: Method,
    url: string,
    options: { payload?: unknown; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    const isWrite = method !== 'GET';
    if (isWrite && options.csrf !== false) {
      if (!this.cookies.has('csrf-token')) await this.request('GET', '/api/auth');
      headers['x-csrf-token'] ??= this.cookies.get('csrf-token') ?? '';
    }
    const inject: InjectOptions = {
      method,
      url,
      headers,
      remoteAddress: this.ip,
      cookies: Object.fromEntries(this.cookies),
      ...(options.payload === undefined
        ? {}
        : { payload: options.payload as InjectOptions['payload'] }),
    };
    const res = await this.app.inject(inject);
    for (const cookie of res.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return res;
  }

  get(url: string) {
    return this.request('GET', url);
  }
  post(url: string, payload?: unknown) {
    return this.request('POST', url, { payload });
  }
  put(url: string, payload?: unknown) {
    return this.request('PUT', url, { payload });
  }

  /** Logs in on a portal; returns the raw response (check its status yourself). */
  login(
    email: string,
    options: {
      portal?: 'clientes' | 'proveedores';
      clave?: string;
      region?: string;
      remembered?: boolean;
    } = {},
  ) {
    const url = options.portal === 'proveedores' ? '/api/proveedores/login' : '/api/login';
    return this.post(url, {
      usuario: email,
      clave: options.clave ?? DEMO_PASSWORD,
      dregion: options.region ?? 'es',
      ...(options.remembered === undefined ? {} : { remembered: options.remembered }),
    });
  }
}

/**
 * A browser signed in as a demo account; throws unless the login succeeded. With several
 * clients, pass `clienteId` to choose one (PUT /api/clientes/cliente).
 */
export async function signedIn(
  app: App,
  email: string,
  options: {
    portal?: 'clientes' | 'proveedores';
    clienteId?: number;
    ip?: string;
    region?: string;
  } = {},
): Promise<TestBrowser> {
  const browser = new TestBrowser(app, options.ip);
  const res = await browser.login(email, options);
  if (res.statusCode !== 200) throw new Error(`login de ${email}: ${res.statusCode} ${res.body}`);
  if (options.clienteId !== undefined) {
    const chosen = await browser.put('/api/clientes/cliente', { id: options.clienteId });
    if (chosen.statusCode !== 200) throw new Error(`cliente ${options.clienteId}: ${chosen.body}`);
  }
  return browser;
}

/** Takes a menu resource (a section of the portal) away from the user with that e-mail. */
export async function quitarRecurso(db: Kysely<Database>, email: string, recurso: string) {
  const usuario = await db
    .selectFrom('usuarios')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('recursos')
    .where('usuario_id', '=', usuario.id)
    .where('recurso', '=', recurso)
    .execute();
}
