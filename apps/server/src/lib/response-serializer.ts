import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/*
 * Responses are written by fast-json-stringify, compiled once per route from the JSON Schema of
 * its zod contract: the zod serializer parsed every row of every page before JSON.stringify,
 * which cost a sixth of a list request (docs/benchmarks.md). Like zod's output, only the
 * contract's properties are written, so a column added to a query never leaks.
 *
 * Outside production the zod contract is also checked on every answer, as before, so the test
 * suites still catch a service that answers something the contract does not allow. A contract
 * that JSON Schema cannot express (a transform, a date object) keeps the zod serializer.
 */

type JsonSchema = { [key: string]: unknown };

/** Keywords that only validate: a serializer needs types, properties, items and branches. */
const VALIDATION_ONLY = new Set([
  '$schema',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'multipleOf',
  'description',
  'examples',
]);

/**
 * Simplifies zod's JSON Schema for fast-json-stringify: `anyOf [T, null]` becomes
 * `type: [T, "null"]` (and an enum of T admits null) (fast-json-stringify otherwise runs a validator per value to pick the
 * branch) and validation-only keywords go.
 */
export function forSerialisation(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerialisation);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (VALIDATION_ONLY.has(key)) continue;
    out[key] =
      key === 'properties' || key === 'definitions' ? mapValues(value) : forSerialisation(value);
  }
  const branches = out['anyOf'];
  if (Array.isArray(branches) && branches.length === 2) {
    const other = branches.find((b: JsonSchema) => b['type'] !== 'null') as JsonSchema | undefined;
    const hasNull = branches.some((b: JsonSchema) => b['type'] === 'null');
    if (hasNull && other && typeof other['type'] === 'string' && !('anyOf' in other)) {
      delete out['anyOf'];
      const merged: JsonSchema = { ...out, ...other, type: [other['type'], 'null'] };
      // An enum must now admit null too: inside a union, fast-json-stringify validates each
      // branch, and a nullable enum's null would match none (a 500 on a valid answer).
      if (Array.isArray(other['enum'])) merged['enum'] = [...(other['enum'] as unknown[]), null];
      if ('const' in other) {
        delete merged['const'];
        merged['enum'] = [other['const'], null];
      }
      return merged;
    }
  }
  return out;
}

function mapValues(value: unknown): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, inner] of Object.entries(value as JsonSchema))
    out[key] = forSerialisation(inner);
  return out;
}

function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown }).properties;
  if (properties instanceof z.ZodType) return properties;
  throw new Error(`La respuesta no tiene un esquema zod: ${JSON.stringify(schema)}`);
}

/**
 * Fastify serializer compiler for zod response schemas. `validate` also checks each answer
 * against the contract first (tests and development).
 */
export function responseSerializerCompiler({
  validate,
}: {
  validate: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodSerializer = zodSerializerCompiler(
      route as Parameters<typeof zodSerializerCompiler>[0],
    );
    let stringify: (data: unknown) => string;
    try {
      const jsonSchema = z.toJSONSchema(zodSchemaOf(route.schema), {
        target: 'draft-7',
        io: 'output',
      });
      stringify = fastJson(forSerialisation(jsonSchema) as Parameters<typeof fastJson>[0]);
    } catch {
      return zodSerializer;
    }
    if (!validate) return stringify;
    return (data) => {
      zodSerializer(data); // throws the same ResponseSerializationError as before
      return stringify(data);
    };
  };
}
