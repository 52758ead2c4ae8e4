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

/**
 * One JSON log line (already serialized and redacted by pino) as a line a person reads in a terminal:
 * `12:03:04 INFO  request completed reqId=req-1 res.statusCode=200`. Anything not JSON passes as is.
 */
export function prettyLogLine(line: string, color = true): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const level = Number(entry.level);
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 19) : '--:--:--';
  const name = LEVELS[level] ?? String(entry.level);
  const fields: string[] = [];
  const flatten = (prefix: string, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}.${k}` : k, v);
    else fields.push(`${prefix}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  };
  for (const [key, value] of Object.entries(entry)) if (!SKIP.has(key)) flatten(key, value);
  const tint = color ? (COLORS[level] ?? '') : '';
  const reset = tint ? '\x1b[0m' : '';
  return `${time} ${tint}${name}${reset} ${String(entry.msg ?? '')}${fields.length ? ` ${fields.join(' ')}` : ''}\n`;
}

/** A pino destination that writes pretty lines to a terminal (the server uses it when stdout is a TTY). */
export function prettyLogStream(out: { write: (text: string) => unknown }) {
  return { write: (line: string) => void out.write(prettyLogLine(line)) };
}
