import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredObject {
  body: Buffer;
  contentType: string;
}

/**
 * A small S3-compatible server for tests, so the real AWS SDK runs over HTTP: path-style
 * PUT/GET/HEAD/DELETE of objects and the multipart upload calls lib-storage makes. No auth.
 */
export class FakeS3Server {
  readonly objects = new Map<string, StoredObject>();
  /** Multipart uploads in progress: uploadId → parts by number. */
  readonly uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  readonly requests: string[] = [];
  private server: Server | undefined;

  /** Starts on 127.0.0.1 and a free port; returns the endpoint URL. */
  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = `${bucket}/${rest.map(decodeURIComponent).join('/')}`;
    const q = url.searchParams;
    const body = await readBody(req);
    this.requests.push(`${req.method} ${key}${q.has('uploadId') ? ' (multipart)' : ''}`);

    if (req.method === 'PUT' && q.has('uploadId')) {
      const upload = this.uploads.get(q.get('uploadId') ?? '');
      if (!upload) return notFound(res, 'NoSuchUpload');
      upload.parts.set(Number(q.get('partNumber')), body);
      res.setHeader('ETag', `"part-${q.get('partNumber')}"`);
      return void res.end();
    }
    if (req.method === 'PUT') {
      this.objects.set(key, { body, contentType: String(req.headers['content-type'] ?? '') });
      res.setHeader('ETag', '"object"');
      return void res.end();
    }
    if (req.method === 'POST' && q.has('uploads')) {
      const uploadId = randomUUID();
      this.uploads.set(uploadId, { key, parts: new Map() });
      this.pendingTypes.set(uploadId, String(req.headers['content-type'] ?? ''));
      return xml(
        res,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${rest.join('/')}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (req.method === 'POST' && q.has('uploadId')) {
      const uploadId = q.get('uploadId') ?? '';
      const upload = this.uploads.get(uploadId);
      if (!upload) return notFound(res, 'NoSuchUpload');
      const parts = [...upload.parts.entries()].sort(([a], [b]) => a - b).map(([, b]) => b);
      this.objects.set(key, {
        body: Buffer.concat(parts),
        contentType: this.pendingTypes.get(uploadId) ?? '',
      });
      this.uploads.delete(uploadId);
      return xml(
        res,
        `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${rest.join('/')}</Key><ETag>"multipart"</ETag></CompleteMultipartUploadResult>`,
      );
    }
    if (req.method === 'DELETE' && q.has('uploadId')) {
      this.uploads.delete(q.get('uploadId') ?? '');
      res.statusCode = 204;
      return void res.end();
    }
    if (req.method === 'DELETE') {
      this.objects.delete(key);
      res.statusCode = 204;
      return void res.end();
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const object = this.objects.get(key);
      if (!object) {
        if (req.method === 'HEAD') {
          res.statusCode = 404;
          return void res.end();
        }
        return notFound(res, 'NoSuchKey');
      }
      res.setHeader('Content-Type', object.contentType);
      res.setHeader('Content-Length', object.body.length);
      res.setHeader('ETag', '"object"');
      return void res.end(req.method === 'GET' ? object.body : undefined);
    }
    res.statusCode = 405;
    res.end();
  }

  private readonly pendingTypes = new Map<string, string>();
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function xml(res: ServerResponse, body: string): void {
  res.setHeader('Content-Type', 'application/xml');
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
}

function notFound(res: ServerResponse, code: string): void {
  res.statusCode = 404;
  xml(res, `<Error><Code>${code}</Code><Message>Not found</Message></Error>`);
}
