/**
 * Without SMTP_URL the one copy of a secret link is the operator's log line (plugins/app/mailer.ts).
 * Tests that need a link read it there, from the lines buildTestApp({ logs }) captured.
 */
export function linkFromLogs(logs: string[], path: string): string {
  const pattern = new RegExp(
    `https?://[^\\s"]+${path.replace(/[/.]/g, '\\$&')}\\?[^\\s"]*token=[A-Za-z0-9_-]+`,
  );
  for (let i = logs.length - 1; i >= 0; i--) {
    const msg = (JSON.parse(logs[i]!) as { msg?: string }).msg ?? '';
    const match = pattern.exec(msg);
    if (match) return match[0];
  }
  throw new Error(`no ${path} link in the log`);
}

/** The token of the newest link to `path` the log shows. */
export const tokenFromLogs = (logs: string[], path: string) =>
  new URL(linkFromLogs(logs, path)).searchParams.get('token')!;
