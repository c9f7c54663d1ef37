import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { forSerialisation, responseSerializerCompiler } from './response-serializer.js';

const Fila = z.object({
  id: z.number().int(),
  referencia: z.string().min(1),
  incidencia: z.string().nullable(),
  fecha: z.iso.date().nullable(),
  estado: z.enum(['asignado', 'entregado']),
  nota: z.string().optional(),
});
const Pagina = z.object({ items: z.array(Fila), nextCursor: z.string().nullable() });

async function appAnswering(data: unknown, validate: boolean, schema: z.ZodType = Pagina) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ validate }));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => data as never);
  await app.ready();
  return app;
}

const fila = {
  id: 7,
  referencia: 'B1-7',
  incidencia: null,
  fecha: '2026-11-23',
  estado: 'entregado',
};

describe('response serializer', () => {
  it('writes only the contract properties, like the zod serializer did', async () => {
    for (const validate of [false, true]) {
      const app = await appAnswering(
        { items: [{ ...fila, clave_hash: 'secreto', proveedor_id: 3 }], nextCursor: null, x: 1 },
        validate,
      );
      const res = await app.inject('/x');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ items: [fila], nextCursor: null });
      expect(res.body).not.toContain('secreto');
    }
  });

  it('checks the contract on every answer outside production', async () => {
    const app = await appAnswering(
      { items: [{ ...fila, estado: 'otro' }], nextCursor: null },
      true,
    );
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(500);
  });

  it('keeps the zod serializer for a contract JSON Schema cannot express', async () => {
    const Mayusculas = z.object({ codigo: z.string().transform((v) => v.toUpperCase()) });
    const app = await appAnswering({ codigo: 'abc' }, false, Mayusculas);
    expect((await app.inject('/x')).json()).toEqual({ codigo: 'ABC' });
  });

  it('turns nullable branches into type lists and drops validation-only keywords', () => {
    const json = forSerialisation(z.toJSONSchema(Fila, { target: 'draft-7', io: 'output' }));
    expect(json).toMatchObject({
      properties: {
        incidencia: { type: ['string', 'null'] },
        fecha: { type: ['string', 'null'] },
        referencia: { type: 'string' },
      },
    });
    expect(JSON.stringify(json)).not.toMatch(/anyOf|pattern|minLength|\$schema/);
  });

  it('writes null for a nullable enum inside a union (the ERP feed of ETA changes)', async () => {
    // `transporte.eta` of a first status has `estado_anterior: null`: the feed answered 500
    // because the merged branch kept the enum without null.
    const A = z.object({ tipo: z.literal('a'), antes: z.enum(['x', 'y']).nullable() });
    const B = z.object({ tipo: z.literal('b'), n: z.number() });
    const Union = z.object({ items: z.array(z.discriminatedUnion('tipo', [A, B])) });
    const data = {
      items: [
        { tipo: 'a', antes: null },
        { tipo: 'a', antes: 'x' },
      ],
    };
    for (const validate of [false, true]) {
      const res = await (await appAnswering(data, validate, Union)).inject('/x');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(data);
    }
  });
});
