/** Today as 'YYYY-MM-DD' in the viewer's timezone: the latest date the filter pickers allow. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
