import { describe, expect, it } from 'vitest';
import { logFormatFor, prettyLogFormatter } from './pretty-log.ts';

const at = Date.UTC(2026, 10, 25, 12, 3, 4);
const json = (entry: Record<string, unknown>) =>
  JSON.stringify({ pid: 1, hostname: 'h', time: at, ...entry });

describe('pretty log lines', () => {
  it('says the local time with its zone, and flattens nested fields', () => {
    const format = prettyLogFormatter({ color: false, timeZone: 'Europe/Berlin' });
    expect(format(json({ level: 30, msg: 'job done', job: { id: 7 } }))).toBe(
      '13:03:04 CET INFO  job done job.id=7\n',
    );
  });
  it('writes the hour after midnight as 00, not 0 (the clean-clone CI ran at 00:24 CET)', () => {
    const format = prettyLogFormatter({ color: false, timeZone: 'Europe/Berlin' });
    const justAfterMidnight = Date.UTC(2026, 11, 4, 23, 24, 5);
    const line = JSON.stringify({ pid: 1, hostname: 'h', time: justAfterMidnight, level: 30, msg: 'm' });
    expect(format(line)).toBe('00:24:05 CET INFO  m\n');
  });
  it('writes one line per request, on its completion, with the time rounded', () => {
    const format = prettyLogFormatter({ color: false, timeZone: 'UTC' });
    const incoming = json({
      level: 30,
      reqId: 'req-1',
      req: { method: 'GET', url: '/api/health' },
      msg: 'incoming request',
    });
    expect(format(incoming)).toBe('');
    const done = json({
      level: 30,
      reqId: 'req-1',
      res: { statusCode: 200 },
      responseTime: 10.514908999999534,
      msg: 'request completed',
    });
    expect(format(done)).toBe('12:03:04 UTC INFO  GET /api/health 200 11 ms reqId=req-1\n');
  });
  it('colours warnings and errors, and passes anything not JSON as it is', () => {
    const format = prettyLogFormatter({ timeZone: 'UTC' });
    expect(format(json({ level: 50, msg: 'boom' }))).toContain('\x1b[31mERROR\x1b[0m boom');
    expect(format('plain text\n')).toBe('plain text\n');
  });
});

describe('which log format', () => {
  it('is JSON off a terminal, lines on one, and LOG_FORMAT decides when set', () => {
    expect(logFormatFor(undefined, false)).toBe('json');
    expect(logFormatFor(undefined, undefined)).toBe('json');
    expect(logFormatFor(undefined, true)).toBe('pretty');
    expect(logFormatFor('json', true)).toBe('json');
    expect(logFormatFor('pretty', false)).toBe('pretty');
  });
});
