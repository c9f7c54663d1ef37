import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { multipartLimits } from '../storage/receive-upload.js';

/**
 * Parses multipart/form-data lazily: a route reads its file with `receiveUpload`
 * (storage/receive-upload.ts), which streams it; nothing is buffered in memory or on disk here.
 */
export default fp(
  async function multipartPlugin(app: FastifyInstance) {
    await app.register(multipart, { limits: multipartLimits(app.config.uploadMaxBytes) });
  },
  { name: 'multipart' },
);
