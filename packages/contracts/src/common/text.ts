import { z } from 'zod';

/**
 * Control characters in request text. Nobody types them; NUL makes PostgreSQL refuse the
 * statement while SQLite stores it, and the others corrupt CSV, e-mail and logs. Every string
 * of every request (body, query, path, multipart field) is checked against these once, by
 * `controlCharacterIssues`, before its contract runs.
 */

/** Spanish message of the refusal, the same for every field. */
export const CONTROL_CHARACTERS_MESSAGE =
  'El texto contiene caracteres de control no permitidos (por ejemplo, un carácter nulo).';

/** Single-line text: no C0 control character at all (U+0000–U+001F) and no DEL (U+007F). */
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
/** Multi-line text: the same, but tab, line feed and carriage return are allowed. */
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The metadata key marking a multi-line string in a contract (also shown in OpenAPI). */
const MULTI_LINE_KEY = 'x-multilinea';

/** Whether a string holds a character refused in that kind of field. */
export function hasControlCharacters(value: string, multiLine = false): boolean {
  return (multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/**
 * Marks a text field of a contract as multi-line (comments, remarks, suggestions): tab and
 * line breaks are allowed in it. Apply it last in the chain: a later `.max()` would drop it.
 */
export function multilinea<T extends z.ZodType>(schema: T): T {
  return schema.meta({ [MULTI_LINE_KEY]: true });
}

function isMultiLine(schema: z.ZodType): boolean {
  return z.globalRegistry.get(schema)?.[MULTI_LINE_KEY] === true;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The schemas a value at one level may be checked against, through the wrappers (optional,
 * nullable, default, pipe, union…). `multiLine` is true as soon as one of them is marked.
 */
function expand(schema: z.ZodType | undefined): { schemas: z.ZodType[]; multiLine: boolean } {
  const schemas: z.ZodType[] = [];
  let multiLine = false;
  const seen = new Set<z.ZodType>();
  const visit = (current: z.ZodType | undefined) => {
    if (!current || seen.has(current)) return;
    seen.add(current);
    if (isMultiLine(current)) multiLine = true;
    const def = defOf(current);
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'catch':
      case 'readonly':
        return visit(def.innerType);
      case 'pipe':
        visit(def.in);
        return visit(def.out);
      case 'lazy':
        return visit(def.getter?.());
      case 'union':
        for (const option of def.options ?? []) visit(option);
        return;
      case 'intersection':
        visit(def.left);
        return visit(def.right);
      default:
        schemas.push(current);
    }
  };
  visit(schema);
  return { schemas, multiLine };
}

/** The schema of `key` inside a value checked against `schemas`, if any describes it. */
function childSchemas(schemas: z.ZodType[], key: string | number): z.ZodType[] {
  const children: z.ZodType[] = [];
  for (const schema of schemas) {
    const def = defOf(schema);
    if (def.type === 'object' && typeof key === 'string' && def.shape?.[key]) {
      children.push(def.shape[key]);
    } else if (def.type === 'array' && def.element) children.push(def.element);
    else if (def.type === 'record' && def.valueType) children.push(def.valueType);
    else if (def.type === 'tuple' && typeof key === 'number' && def.items?.[key]) {
      children.push(def.items[key]);
    }
  }
  return children;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A refused field: its JSON pointer and the Spanish message. */
export interface ControlCharacterIssue {
  path: string;
  message: string;
}

/**
 * Every string in `data` that holds a control character its field does not allow, with its
 * path (`/origen_poblacion`, `/items/0/comentarios`). Strings are single-line unless the
 * contract marks their field `multilinea`; a string no contract describes may be multi-line.
 * Object keys are checked as single-line text.
 */
export function controlCharacterIssues(
  schema: z.ZodType | undefined,
  data: unknown,
): ControlCharacterIssue[] {
  const issues: ControlCharacterIssue[] = [];
  const walk = (value: unknown, schemas: z.ZodType[] | undefined, path: string) => {
    const described = schemas !== undefined && schemas.length > 0;
    const expanded = described
      ? schemas.map(expand).reduce(
          (all, one) => ({
            schemas: [...all.schemas, ...one.schemas],
            multiLine: all.multiLine || one.multiLine,
          }),
          { schemas: [] as z.ZodType[], multiLine: false },
        )
      : { schemas: [], multiLine: true };
    if (typeof value === 'string') {
      if (hasControlCharacters(value, expanded.multiLine)) {
        issues.push({ path: path || '/', message: CONTROL_CHARACTERS_MESSAGE });
      }
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) =>
        walk(
          item,
          described ? childSchemas(expanded.schemas, index) : undefined,
          `${path}/${index}`,
        ),
      );
      return;
    }
    // Plain objects only: a raw body (Buffer, stream) is bytes, not text fields.
    if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        const itemPath = `${path}/${key}`;
        if (hasControlCharacters(key)) {
          issues.push({ path: itemPath, message: CONTROL_CHARACTERS_MESSAGE });
          continue;
        }
        walk(item, described ? childSchemas(expanded.schemas, key) : undefined, itemPath);
      }
    }
  };
  walk(data, schema ? [schema] : undefined, '');
  return issues;
}
