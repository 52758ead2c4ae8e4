import { describe, expect, it } from 'vitest';
import { formatDateTime, initials, relativeDate, shortenFileName, shortenLink } from './format.ts';

describe('shortenFileName', () => {
  it('keeps names of 25 characters or fewer', () => {
    expect(shortenFileName('short.pdf')).toBe('short.pdf');
    expect(shortenFileName(`${'a'.repeat(21)}.pdf`)).toBe(`${'a'.repeat(21)}.pdf`);
  });
  it('cuts longer names to 20 characters, then "... ." and the extension', () => {
    expect(shortenFileName('project-specification-final.docx')).toBe('project-specificatio... .docx');
    expect(shortenFileName(`${'a'.repeat(22)}.pdf`)).toBe(`${'a'.repeat(20)}... .pdf`);
  });
  it('ends at the ellipsis when there is no extension', () => {
    expect(shortenFileName('a-very-long-name-without-extension')).toBe('a-very-long-name-wit...');
  });
});

describe('shortenLink', () => {
  it('cuts text over 25 characters to 25 plus ...', () => {
    expect(shortenLink('https://example.com/a')).toBe('https://example.com/a');
    expect(shortenLink('https://example.com/abcdef')).toBe('https://example.com/abcde...');
    expect(shortenLink('x'.repeat(25))).toBe('x'.repeat(25));
  });
});

describe('relativeDate', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it.each([
    [0, 'a few seconds ago'],
    [59_000, 'a few seconds ago'],
    [60_000, '1 minute ago'],
    [59 * 60_000, '59 minutes ago'],
    [3_600_000, '1 hour ago'],
    [23 * 3_600_000 + 59 * 60_000, '23 hours ago'],
  ])('%i ms ago → %s', (ms, text) => {
    expect(relativeDate(ago(ms), now)).toBe(text);
  });

  it('shows the full date from one day on, in the viewer timezone', () => {
    expect(relativeDate(ago(86_400_000), now, { timezone: 'UTC' })).toBe('Nov 21, 2026 12:00 PM');
    expect(
      relativeDate('2026-11-22T06:30:00-08:00', new Date('2026-11-25T00:00:00Z'), {
        timezone: 'America/Los_Angeles',
      }),
    ).toBe('Nov 22, 2026 6:30 AM');
  });

  it('reads a slightly future date as just now, and a far one as a date', () => {
    expect(relativeDate(new Date(now.getTime() + 5_000), now)).toBe('a few seconds ago');
    expect(relativeDate(new Date(now.getTime() + 7_200_000), now, { timezone: 'UTC' })).toBe(
      'Nov 22, 2026 2:00 PM',
    );
  });

  it('returns an empty string for an invalid date', () => {
    expect(relativeDate('not a date', now)).toBe('');
    expect(formatDateTime('nope')).toBe('');
  });
});

describe('initials', () => {
  it.each([
    ['Ann Lee', 'AL'],
    ['ann marie lee', 'AL'],
    ['  Bob  ', 'B'],
    ['', ''],
    [null, ''],
    ['Élodie Durand', 'ÉD'],
  ])('%j → %j', (name, expected) => expect(initials(name)).toBe(expected));
});
