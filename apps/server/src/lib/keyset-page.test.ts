import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { CursorId, encodeCursor } from './cursor.js';
import { keysetPage } from './keyset-page.js';

const ids = Array.from({ length: 5 }, (_, i) => ({ id: i + 1 }));
const list = {
  tag: 'prueba',
  schema: z.tuple([CursorId]),
  fetch: async (after: readonly [number] | undefined, limit: number) =>
    ids.filter((r) => after === undefined || r.id > after[0]).slice(0, limit),
  keyOf: (r: { id: number }) => [r.id],
};

describe('keysetPage', () => {
  it('pagina con limit + 1 filas y un cursor opaco hasta la última página', async () => {
    const first = await keysetPage(list, undefined, 2);
    expect(first).toEqual({
      items: [{ id: 1 }, { id: 2 }],
      nextCursor: encodeCursor('prueba', [2]),
    });
    const second = await keysetPage(list, first.nextCursor ?? undefined, 2);
    expect(second.items).toEqual([{ id: 3 }, { id: 4 }]);
    const last = await keysetPage(list, second.nextCursor ?? undefined, 2);
    expect(last).toEqual({ items: [{ id: 5 }], nextCursor: null });
  });

  it('rechaza el cursor de otra lista', async () => {
    await expect(keysetPage(list, encodeCursor('otra', [2]), 2)).rejects.toMatchObject({
      statusCode: 400,
      code: 'INVALID_CURSOR',
    });
  });
});
