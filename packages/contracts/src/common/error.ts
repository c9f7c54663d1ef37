import { z } from 'zod';

/** The one error shape of every API response that is not a success; `message` is in Spanish. */
export const ApiError = z.object({
  error: z.object({
    code: z.string().meta({ example: 'VALIDATION_ERROR' }),
    message: z.string().meta({ example: 'La petición no es válida.' }),
    details: z.unknown().optional(),
  }),
});
// One component of the OpenAPI document that every error answer refers to: written out in each
// of them, it was half the document, and half the viewer's time to show it.
z.globalRegistry.add(ApiError, { id: 'ApiError' });
export type ApiError = z.infer<typeof ApiError>;
