import type { Endpoint } from '@extranet/contracts/common/endpoint';
import type { ExportFormat } from '@extranet/contracts/common/export-endpoints';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Readable } from 'node:stream';
import { registerEndpoint, type EndpointRequest } from './endpoint-route.js';
import { EXPORT_MEDIA_TYPE } from './table-export.js';

/**
 * Registers both routes of a list's export (`exportEndpoints` in the contracts): the same
 * guards, the stream of the asked format, sent as a download named `<fileName>.<format>`.
 */
export async function registerExportEndpoints<E extends Endpoint>(
  app: FastifyInstance,
  definitions: Record<ExportFormat, E>,
  options: {
    preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
    fileName: string;
    stream: (request: EndpointRequest<E>, format: ExportFormat) => Readable;
  },
): Promise<void> {
  for (const format of ['csv', 'xlsx'] as const) {
    await registerEndpoint(app, definitions[format], {
      ...(options.preHandler ? { preHandler: options.preHandler } : {}),
      handler: async (request, reply) =>
        reply
          .header('content-type', EXPORT_MEDIA_TYPE[format])
          .header('content-disposition', `attachment; filename="${options.fileName}.${format}"`)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(options.stream(request, format)),
    });
  }
}
