import { describe, expect, it } from 'vitest';
import { isValidUrl, linkCreateSchema } from './link.ts';
import { firstError } from './test-helpers.ts';

describe('links', () => {
  it.each([
    'https://example.com',
    'http://docs.example.co.uk/spec?id=1#top',
    'https://example.com:8080/a',
    ' https://figma.com/file/abc ',
  ])('accepts %s', (url) => expect(isValidUrl(url)).toBe(true));

  it.each(['example.com', 'ftp://example.com', 'https://localhost', 'https://exa mple.com', 'http://', ''])(
    'rejects %j',
    (url) => expect(isValidUrl(url)).toBe(false),
  );

  it('defaults the title and reports the server wording', () => {
    expect(linkCreateSchema.parse({ url: 'https://example.com' })).toEqual({
      title: 'Project link',
      url: 'https://example.com',
    });
    expect(firstError(linkCreateSchema, { url: 'nope' }, 'url')).toBe('Url is not a valid URL.');
  });
});
