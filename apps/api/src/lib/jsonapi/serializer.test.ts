import { anyResourceSchema, collectionDocumentSchema, documentSchema, resourceSchema } from '@dd/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildSerializerCompiler } from './serializer.ts';

const thing = resourceSchema('thing', z.object({ title: z.string(), note: z.string().nullable() }));
// A document names what its `included` may hold (here the owner).
const owner = resourceSchema('user', z.object({ name: z.string() }));
const thingDocument = documentSchema(thing, owner);
const input = (schema: unknown) => ({ schema, method: 'GET', url: '/api/thing/:id', httpStatus: '200' });
const answer = (attributes: Record<string, unknown>) => ({
  data: { type: 'thing', id: '7', attributes, relationships: { owner: { data: { type: 'user', id: '1' } } } },
  included: [{ type: 'user', id: '1', attributes: { name: 'Ann' } }],
});

describe('the response serializer', () => {
  it('writes what the schema lists, the same as JSON.stringify', () => {
    const write = buildSerializerCompiler({ check: true })(input(thingDocument));
    const data = answer({ title: 'A "quoted" title', note: null });
    expect(JSON.parse(write(data))).toEqual(JSON.parse(JSON.stringify(data)));
  });

  it('leaves out a field the schema does not list, and in tests refuses to', () => {
    const data = answer({ title: 'T', note: 'n', secret: 'hash' });
    expect(
      JSON.parse(buildSerializerCompiler({ check: false })(input(thingDocument))(data)).data.attributes,
    ).toEqual({ title: 'T', note: 'n' });
    expect(() => buildSerializerCompiler({ check: true })(input(thingDocument))(data)).toThrow(
      /does not describe the answer: \/data\/attributes\/secret/,
    );
  });

  it('in tests, refuses an id inside attributes (JSON:API 1.0)', () => {
    const write = buildSerializerCompiler({ check: true })(input(collectionDocumentSchema));
    expect(() => write({ data: [{ type: 'tag', id: '3', attributes: { id: 3, title: 'x' } }] })).toThrow(
      /'tag' carries id inside attributes/,
    );
  });

  it('writes relationships and open attributes as they are', () => {
    const write = buildSerializerCompiler({ check: true })(
      input(documentSchema(anyResourceSchema, anyResourceSchema)),
    );
    const data = answer({ title: 'T', nested: { deep: [1, 'two', null] } });
    expect(JSON.parse(write(data))).toEqual(data);
  });
});
