import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FILE_CHUNK_SIZE } from './file-store.ts';
import { base64DataUrlBytes, findDataUrlValue } from './json-data-url.ts';

const doc = (attributes: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  Buffer.from(JSON.stringify({ ...extra, data: { type: 'file', attributes } }));
const dataValue = (body: Buffer) => {
  const found = findDataUrlValue(body);
  return found && body.toString('latin1', found.start, found.end);
};

describe('findDataUrlValue', () => {
  it('finds data.attributes.data wherever the keys stand', () => {
    expect(dataValue(doc({ title: 'a', data: 'data:text/plain;base64,QQ==' }))).toBe(
      'data:text/plain;base64,QQ==',
    );
    expect(
      dataValue(doc({ data: 'data:,x', title: 'a' }, { meta: { data: 'not this', list: [{ data: 'no' }] } })),
    ).toBe('data:,x');
    const reordered = Buffer.from(
      '{"meta":{"data":{"attributes":{"data":"wrong"}}},"data":{"attributes":{"data":"right"},"type":"file"}}',
    );
    expect(dataValue(reordered)).toBe('right');
  });

  it('leaves anything unusual to the ordinary parser', () => {
    expect(findDataUrlValue(Buffer.from('{"data":{"attributes":{"data":"data:,a\\/b"}}}'))).toBeNull();
    expect(findDataUrlValue(Buffer.from('{"data":{"attributes":{"data":"x","data":"y"}}}'))).toBeNull();
    expect(findDataUrlValue(Buffer.from('{"data":{"attributes":{"data":"unterminated'))).toBeNull();
    expect(findDataUrlValue(doc({ title: 'a', data: 7 }))).toBeNull();
  });
});

describe('base64DataUrlBytes', () => {
  it('decodes slice by slice to the same bytes', () => {
    const bytes = randomBytes(FILE_CHUNK_SIZE * 2 + 5);
    const value = Buffer.from(`data:Application/PDF;base64,${bytes.toString('base64')}`);
    const decoded = base64DataUrlBytes(value)!;
    expect(decoded.mime).toBe('application/pdf');
    expect(decoded.size).toBe(bytes.length);
    expect(
      Buffer.concat([
        ...decoded.slices(
          () => new Error('bad'),
          () => new Error('malformed'),
        ),
      ]).equals(bytes),
    ).toBe(true);
  });

  it('refuses a slice holding anything but base64, and hands other forms back', () => {
    const bad = base64DataUrlBytes(Buffer.from('data:text/plain;base64,QQ=A'))!;
    expect(() => [
      ...bad.slices(
        () => new Error('not a data URL'),
        () => new Error('malformed'),
      ),
    ]).toThrow('not a data URL');
    const control = base64DataUrlBytes(Buffer.from('data:text/plain;base64,QQ\tQ'))!;
    expect(() => [
      ...control.slices(
        () => new Error('not a data URL'),
        () => new Error('malformed'),
      ),
    ]).toThrow('malformed');
    expect(base64DataUrlBytes(Buffer.from('data:text/plain,hello%20there'))).toBeNull();
    expect(base64DataUrlBytes(Buffer.from('data:text/plain;base64,QQ QQ'))).toBeNull();
    expect(base64DataUrlBytes(Buffer.from('no comma here'))).toBeNull();
  });
});
