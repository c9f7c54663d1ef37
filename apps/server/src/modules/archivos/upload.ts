import type { FastifyRequest } from 'fastify';
import {
  receiveUploadInto,
  type ReceiveUploadOptions,
  type ReceivedUpload,
} from '../../storage/receive-upload.js';
import { storeContent } from './service.js';

/**
 * Receives a request's uploaded file into storage (storage/receive-upload.ts), reserving its
 * content key against the orphan purge first; the caller records the archivo afterwards.
 */
export function receiveUpload(
  request: FastifyRequest,
  options: ReceiveUploadOptions = {},
): Promise<{ file: ReceivedUpload; fields: Record<string, string> }> {
  const { db, storage } = request.server;
  return receiveUploadInto(
    request,
    (key, write) => storeContent({ db, storage }, key, write),
    options,
  );
}
