import { z } from 'zod';

/** The answer of a 204 endpoint: no body (documents the status in the OpenAPI document). */
export const NoContent = z.null().describe('Sin contenido');
