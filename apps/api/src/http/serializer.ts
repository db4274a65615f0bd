import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Replies are written by a serializer compiled from each route's zod response schema
 * (fast-json-stringify over the schema's JSON Schema): about half the CPU of checking the reply
 * with zod and then running JSON.stringify on it, and like zod it writes only the declared fields.
 * With `check` (the tests) every reply is also written the zod way and the two must hold the same
 * JSON (keys may come in another order), so a reply that does not match its schema, or a
 * difference between the two writers, fails loudly. A schema JSON Schema cannot express falls
 * back to zod + JSON.stringify.
 */
export function compiledSerializer(check: boolean) {
  return (route: SerializerCompiler): ((data: unknown) => string) => {
    const checked = zodSerializerCompiler(route);
    let fast: (data: unknown) => string;
    try {
      const schema = route.schema instanceof z.ZodType ? route.schema : null;
      if (!schema) return checked;
      const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw', reused: 'inline', cycles: 'throw' });
      fast = fastJsonStringify(nullableObjects(json) as Parameters<typeof fastJsonStringify>[0]);
    } catch {
      return checked;
    }
    if (!check) return fast;
    return (data) => {
      const expected = checked(data);
      const text = fast(data);
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(expected))) throw new Error(`compiled serializer of ${route.method} ${route.url} wrote ${text.slice(0, 300)} instead of ${expected.slice(0, 300)}`);
      return text;
    };
  };
}

type Json = { [key: string]: unknown };
const isNull = (s: unknown) => typeof s === 'object' && s !== null && (s as Json).type === 'null' && Object.keys(s).length === 1;

/**
 * zod writes "an object or null" as `anyOf: [object, null]`; fast-json-stringify serializes an
 * `anyOf` by validating the value against each branch (with ajv) on every write: a user page
 * ran 100 such validations. The same choice as `nullable` lets it test for null instead.
 */
export function nullableObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableObjects);
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, nullableObjects(v)])) as Json;
  const options = node.anyOf;
  if (Array.isArray(options) && options.length === 2 && Object.keys(node).length === 1) {
    const other = options.find((o) => !isNull(o)) as Json | undefined;
    if (other && options.some(isNull) && (other.type === 'object' || other.type === 'array') && other.nullable === undefined) {
      return { ...other, nullable: true };
    }
  }
  return node;
}
