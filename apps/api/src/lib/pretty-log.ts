const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
const COLORS: Record<number, string> = { 40: '\x1b[33m', 50: '\x1b[31m', 60: '\x1b[31m' };
const SKIP = new Set(['level', 'time', 'msg', 'pid', 'hostname']);
// Requests seen arriving whose completion is not logged yet (an open event stream stays here); bounded,
// so requests the server never answers cannot grow it.
const OPEN_REQUESTS_MAX = 1_000;

export type LogFormat = 'json' | 'pretty';

/** What LOG_FORMAT asks for, else a person's terminal gets lines and anything else one JSON per line. */
export function logFormatFor(setting: string | undefined, isTTY: boolean | undefined): LogFormat {
  if (setting === 'json' || setting === 'pretty') return setting;
  return isTTY ? 'pretty' : 'json';
}

/** `18:03:04 CET`: the time on this machine's clock, with its zone said (issue 43 §2). */
const clock = {
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
} as const;
function localTime(ms: number, timeZone?: string): string {
  // hourCycle h23 with 2-digit fields: `hour12: false` alone wrote the hour after midnight as `0:24:05`.
  return new Date(ms).toLocaleTimeString('en-GB', { ...clock, timeZone });
}

function flattened(entry: Record<string, unknown>, skip: Set<string>): string[] {
  const fields: string[] = [];
  const flatten = (prefix: string, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}.${k}` : k, v);
    else fields.push(`${prefix}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  };
  for (const [key, value] of Object.entries(entry)) if (!skip.has(key)) flatten(key, value);
  return fields;
}

/**
 * Turns pino's JSON lines (already serialized and redacted) into lines a person reads in a terminal:
 * `12:03:04 UTC INFO  GET /api/health 200 11 ms reqId=req-1`. Fastify's two lines of a request become
 * one, on its completion, with the response time rounded to whole milliseconds. Anything not JSON passes
 * as it is. `timeZone` is for tests; the server uses the machine's own.
 */
export function prettyLogFormatter(options: { color?: boolean; timeZone?: string } = {}) {
  const color = options.color ?? true;
  const open = new Map<string, string>();
  return (line: string): string => {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return line;
    }
    const req = entry.req as { method?: string; url?: string } | undefined;
    const reqId = typeof entry.reqId === 'string' ? entry.reqId : undefined;
    if (entry.msg === 'incoming request' && reqId && req) {
      if (open.size >= OPEN_REQUESTS_MAX) open.delete(open.keys().next().value as string);
      open.set(reqId, `${req.method ?? ''} ${req.url ?? ''}`);
      return '';
    }
    const level = Number(entry.level);
    const time = typeof entry.time === 'number' ? localTime(entry.time, options.timeZone) : '--:--:--';
    const name = LEVELS[level] ?? String(entry.level);
    const tint = color ? (COLORS[level] ?? '') : '';
    const reset = tint ? '\x1b[0m' : '';
    let message = String(entry.msg ?? '');
    const skip = new Set(SKIP);
    if (entry.msg === 'request completed' && reqId) {
      const res = entry.res as { statusCode?: number } | undefined;
      const ms = typeof entry.responseTime === 'number' ? ` ${Math.round(entry.responseTime)} ms` : '';
      message = `${open.get(reqId) ?? 'request'} ${res?.statusCode ?? ''}${ms}`;
      open.delete(reqId);
      for (const key of ['res', 'responseTime', 'req']) skip.add(key);
    }
    const fields = flattened(entry, skip);
    return `${time} ${tint}${name}${reset} ${message}${fields.length ? ` ${fields.join(' ')}` : ''}\n`;
  };
}

/** A pino destination that writes pretty lines to a terminal (LOG_FORMAT=pretty, or stdout a TTY). */
export function prettyLogStream(out: { write: (text: string) => unknown }) {
  const format = prettyLogFormatter();
  return {
    write: (line: string) => {
      const text = format(line);
      if (text) out.write(text);
    },
  };
}
