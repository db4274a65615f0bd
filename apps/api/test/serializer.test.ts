/**
 * The compiled reply writer (http/serializer.ts): "an object or null" is compiled as a nullable
 * object, not as an `anyOf` validated on every write, and writes the same JSON as zod would.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer, nullableObjects } from '../src/http/serializer.js';

const reply = z.object({
  name: z.string(),
  teacher: z.object({ nip: z.string().nullable(), nik: z.string().nullable() }).nullable(),
  scores: z.array(z.number()).nullable(),
  note: z.string().nullable(),
});

const write = (check: boolean) =>
  compiledSerializer(check)({ schema: reply, method: 'GET', url: '/x', httpStatus: '200' } as never) as (data: unknown) => string;

describe('the compiled reply writer', () => {
  it('compiles an object-or-null and an array-or-null as nullable, leaving other unions alone', () => {
    const json = z.toJSONSchema(reply, { io: 'output', target: 'draft-7' }) as any;
    expect(json.properties.teacher.anyOf).toHaveLength(2);
    const out = nullableObjects(json) as any;
    expect(out.properties.teacher).toMatchObject({ type: 'object', nullable: true, required: ['nip', 'nik'] });
    expect(out.properties.teacher.anyOf).toBeUndefined();
    expect(out.properties.scores).toMatchObject({ type: 'array', nullable: true });
    expect(out.properties.note).toEqual(json.properties.note);
  });

  it('writes what zod writes, for null and for values, and only the declared fields', () => {
    const fast = write(false);
    const checked = write(true);
    const values = [
      { name: 'Guru', teacher: null, scores: null, note: null },
      { name: 'Guru "Baru"', teacher: { nip: '1987', nik: null, extra: 'x' }, scores: [90, 0], note: 'é\n' },
    ];
    for (const v of values) {
      const text = fast(v);
      expect(JSON.parse(text)).toEqual(JSON.parse(checked(v)));
      expect(text).not.toContain('extra');
    }
  });
});
