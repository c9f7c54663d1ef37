import {
  CONTROL_CHARACTERS_MESSAGE,
  controlCharacterIssues,
} from '@extranet/contracts/common/text';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HttpError } from './http-error.js';

/**
 * The 400 of a request whose text holds control characters (contracts/common/text.ts). It
 * carries `validation` like a schema error, so the integration API reports it per record.
 */
export function controlCharactersError(issues: { path: string; message: string }[]): HttpError {
  const error = new HttpError(400, 'VALIDATION_ERROR', CONTROL_CHARACTERS_MESSAGE, issues);
  return Object.assign(error, {
    validation: issues.map((issue) => ({
      instancePath: issue.path === '/' ? '' : issue.path,
      message: issue.message,
    })),
  });
}

/**
 * The zod validator of every route part (body, querystring, params, headers), preceded by the
 * one control-character check of the contracts: a NUL never reaches a service or a database.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  // Header values cannot hold control characters (Node's parser refuses them) and some
  // clients send multi-line-looking folded values: only the parts a user fills are checked.
  const checked = route.httpPart !== 'headers';
  return (data) => {
    // A raw body (a PDF sent as the body, under any content type) is bytes, not text fields:
    // its route sniffs and refuses it. Text fields only come inside objects.
    if (checked && typeof data === 'object' && data !== null) {
      const issues = controlCharacterIssues(route.schema, data);
      if (issues.length > 0) return { error: controlCharactersError(issues) };
    }
    return validate(data);
  };
};

/** A percent-escaped control character (%00–%1F, %7F) anywhere in the path or query. */
const ESCAPED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

/** Whether a raw request URL carries a control character, escaped or not. */
export function urlHasControlCharacters(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- the control characters are what is looked for
  return ESCAPED_CONTROL.test(url) || /[\u0000-\u001f\u007f]/.test(url);
}

/**
 * onRequest hook: a URL with a control character is a 400 before any route runs, also on
 * routes whose path or query has no contract (the SPA's token pages, file downloads).
 */
export function refuseControlCharactersInUrl(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  if (urlHasControlCharacters(request.url)) {
    return done(controlCharactersError([{ path: '/', message: CONTROL_CHARACTERS_MESSAGE }]));
  }
  done();
}
