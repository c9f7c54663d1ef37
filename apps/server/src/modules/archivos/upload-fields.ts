import { controlCharacterIssues } from '@extranet/contracts/common/text';
import type { z } from 'zod';
import { controlCharactersError } from '../../lib/validator.js';
import { HttpError } from '../../lib/http-error.js';

/**
 * Validates the text fields of a multipart upload with their contract. The fields arrive in
 * the same body as the file, so the file is already stored when they are read: when they are
 * invalid nothing is recorded (the bytes stay for the orphan purge, decision 009) and the
 * answer is a 400 with the first reason in Spanish (all of them in `details`), as for any
 * other invalid request.
 */
export function parseUploadFields<T extends z.ZodType>(
  schema: T,
  fields: Record<string, string>,
): z.infer<T> {
  const refused = controlCharacterIssues(schema, fields);
  if (refused.length > 0) throw controlCharactersError(refused);
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    path: `/${issue.path.join('/')}`,
    message: issue.message,
  }));
  throw new HttpError(
    400,
    'VALIDATION_ERROR',
    details[0]?.message ?? 'La petición no es válida.',
    details,
  );
}

/** A 400 for a rule checked after the upload (a date against today…); nothing is recorded. */
export function refuseUpload(field: string, message: string): never {
  throw new HttpError(400, 'VALIDATION_ERROR', message, [{ path: `/${field}`, message }]);
}
