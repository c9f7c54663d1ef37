import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** How a request ended, as its client saw it. */
export type Outcome =
  | { kind: 'ok'; status: number }
  | { kind: 'http'; status: number }
  | { kind: 'network'; message: string };

/** One request as the client saw it; `instance` is HAProxy's X-Instance when answered. */
export interface RequestRecord {
  id: string;
  op: string;
  outcome: Outcome;
  instance: string | null;
  ms: number;
  /** When the answer (or the error) arrived, epoch ms. */
  endedAt: number;
}

/** Writes the clients saw acknowledged (2xx), and those whose outcome they could not know. */
export interface Ledger {
  requests: RequestRecord[];
  sugerencias: { texto: string; acked: boolean }[];
  ofertas: { ofertaId: number | null; cargaId: number; precio: number; acked: boolean }[];
  cargas: { referencia: string; acked: boolean }[];
  transportes: { erpId: string; id: number | null; subpartidas: number; acked: boolean }[];
  cmrs: { subpartidaId: number; archivoId: number | null; sha256: string; acked: boolean }[];
  /** Downloads whose bytes were checked against the upload's sha256 during the load. */
  downloadsChecked: number;
  /** Downloads during the load whose bytes differed from the upload's. */
  downloadMismatches: string[];
  logins: number;
}

export function emptyLedger(): Ledger {
  return {
    requests: [],
    sugerencias: [],
    ofertas: [],
    cargas: [],
    transportes: [],
    cmrs: [],
    downloadsChecked: 0,
    downloadMismatches: [],
    logins: 0,
  };
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A small, structurally valid PDF (made with pdf-lib) whose text makes its bytes unique. */
export async function cmrPdf(label: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(`CMR ${label}`, { x: 50, y: 780, size: 14, font });
  return doc.save();
}

interface Call {
  method?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
}

/** How many times a client tries a login cut without an answer by a killed instance. */
const LOGIN_ATTEMPTS = 3;

/** A client behind HAProxy: its own cookie jar, a request id per call, every call recorded. */
export class Client {
  private readonly jar = new Map<string, string>();
  private seq = 0;

  constructor(
    readonly name: string,
    private readonly baseUrl: string,
    private readonly ledger: Ledger,
  ) {}

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Sends one request; never throws: the outcome is recorded and returned with the body. */
  async call(
    op: string,
    url: string,
    call: Call = {},
  ): Promise<{ outcome: Outcome; body: Buffer }> {
    const id = `${this.name}-${++this.seq}`;
    const headers: Record<string, string> = { 'x-request-id': id, ...call.headers };
    if (this.jar.size) headers['cookie'] = this.cookie;
    const csrf = this.jar.get('csrf-token');
    if (csrf) headers['x-csrf-token'] = csrf;
    let body: string | FormData | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.form) {
      body = call.form;
    }
    const started = Date.now();
    let outcome: Outcome;
    let instance: string | null = null;
    let bytes = Buffer.alloc(0);
    try {
      const res = await fetch(`${this.baseUrl}${url}`, {
        method: call.method ?? 'GET',
        headers,
        body,
        signal: AbortSignal.timeout(30_000),
      });
      instance = res.headers.get('x-instance');
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair!.indexOf('=');
        this.jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      bytes = Buffer.from(await res.arrayBuffer());
      outcome =
        res.status < 300
          ? { kind: 'ok', status: res.status }
          : { kind: 'http', status: res.status };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      outcome = {
        kind: 'network',
        message: `${String(error)} (${cause?.code ?? ''} ${cause?.message ?? ''})`,
      };
    }
    const endedAt = Date.now();
    this.ledger.requests.push({ id, op, outcome, instance, ms: endedAt - started, endedAt });
    return { outcome, body: bytes };
  }

  /**
   * Logs in as a browser does: GET /api/auth for the CSRF cookie, then the portal's POST. A step
   * cut without an answer (its instance killed mid-request) is tried again, as a person would
   * press the button again: without the cookie the POST would be refused (403), and the client
   * would go on without a session.
   */
  async login(email: string, portal: 'clientes' | 'proveedores', clave: string): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      this.jar.clear();
      const auth = await this.call('login', '/api/auth');
      const { outcome } =
        auth.outcome.kind === 'network'
          ? auth
          : await this.call(
              'login',
              portal === 'proveedores' ? '/api/proveedores/login' : '/api/login',
              { method: 'POST', json: { usuario: email, clave, dregion: 'es' } },
            );
      if (outcome.kind !== 'network' || attempt === LOGIN_ATTEMPTS) {
        this.ledger.logins += 1;
        return outcome.kind === 'ok';
      }
    }
  }
}
