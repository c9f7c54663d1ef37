import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One pino line per request, written when it completes (docs/operations.md): Fastify's
 * default writes two (incoming and completed), and serialising both weighed on every short
 * request. The line carries the request (method, url, remote address) and the answer.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
