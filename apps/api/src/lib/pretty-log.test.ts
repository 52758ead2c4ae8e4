import { describe, expect, it } from 'vitest';
import { prettyLogLine } from './pretty-log.ts';

describe('prettyLogLine', () => {
  it('turns a JSON line into a readable one, nested fields flattened', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 10, 25, 12, 3, 4),
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(prettyLogLine(line, false)).toBe(
      '12:03:04 INFO  request completed reqId=req-1 res.statusCode=200\n',
    );
  });
  it('colours warnings and errors, and passes anything not JSON as it is', () => {
    expect(prettyLogLine(JSON.stringify({ level: 50, time: 0, msg: 'boom' }))).toContain(
      '\x1b[31mERROR\x1b[0m boom',
    );
    expect(prettyLogLine('plain text\n')).toBe('plain text\n');
  });
});
