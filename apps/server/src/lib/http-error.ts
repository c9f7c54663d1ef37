/*
 * Layer-neutral: services, lib/ and storage/ throw it without depending on the Fastify error
 * plugin (plugins/errors.ts), which turns it into the API's `{ error: { code, message } }`.
 */

/** An error a service may throw on purpose: its status, code and Spanish message reach the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
