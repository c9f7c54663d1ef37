import { z } from 'zod';
import { HttpError } from './http-error.js';

/** The values of one keyset position: the sort key(s) and the row id, in order. */
export type CursorValues = ReadonlyArray<string | number | null>;

/**
 * Keyset cursors: the last row's sort key and id, base64url JSON, tagged with the sort so a
 * cursor of another order is refused. Opaque to the client but not secret: a forged one can
 * only move the position inside what the owner filter already allows.
 */
export function encodeCursor(tag: string, values: CursorValues): string {
  return Buffer.from(JSON.stringify([tag, ...values]), 'utf8').toString('base64url');
}

/** A cursor that does not decode to `tag` plus values matching `schema` → 400 INVALID_CURSOR. */
export function decodeCursor<T extends z.ZodType<CursorValues>>(
  cursor: string,
  tag: string,
  schema: T,
): z.infer<T> {
  let parsed: unknown;
  try {
    const bytes = Buffer.from(cursor, 'base64url');
    // Node decodes leniently; only the exact encoding of some bytes is a cursor we issued.
    if (bytes.toString('base64url') !== cursor) throw new Error('base64url');
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed[0] !== tag) throw invalidCursor();
  const values = schema.safeParse(parsed.slice(1));
  if (!values.success) throw invalidCursor();
  return values.data;
}

function invalidCursor(): HttpError {
  return new HttpError(400, 'INVALID_CURSOR', 'El cursor de paginación no es válido.');
}

/** Schema of a row id inside a cursor. */
export const CursorId = z.number().int().positive();
