import { TASK_STATUS_NAMES } from '@dd/domain';
import type { HistoryEntry } from '../api/get-project-history.ts';

const TASK_ACTION_PAST: Record<string, string> = {
  start: 'started',
  finish: 'finished',
  deliver: 'delivered',
  accept: 'accepted',
  reject: 'rejected',
  restart: 'restarted',
  created: 'created',
};

const place = (sprintId: unknown) => (typeof sprintId === 'number' ? `sprint #${sprintId}` : 'New Tasks');

/** Who did it: the signed-in person, or the commit or request that moved the task (its author). */
export function historyActor(entry: HistoryEntry): string {
  const git = entry.details.git as { ref?: unknown; authorName?: unknown } | undefined;
  if (git && typeof git.ref === 'string') return `${String(git.authorName ?? 'Someone')} (${git.ref})`;
  return entry.actorName ?? 'Former member';
}

/** What happened, in words: "started task #4 “Login page”". Who and when are shown beside it. */
export function describeHistoryEntry(entry: HistoryEntry): string {
  const d = entry.details;
  const title = typeof d.title === 'string' ? ` “${d.title}”` : '';
  if (entry.entity === 'sprint') {
    if (entry.action === 'finished') {
      const moved =
        typeof d.moved === 'number' && d.moved > 0 ? `; ${d.moved} unfinished task(s) to ${place(d.to)}` : '';
      return `finished sprint #${entry.entityId}${moved}`;
    }
    return `${entry.action} sprint #${entry.entityId}`;
  }
  if (entry.entity === 'task') {
    const task = `task #${entry.entityId}${title}`;
    if (entry.action === 'updated') {
      const fields = d.changes && typeof d.changes === 'object' ? Object.keys(d.changes).join(', ') : '';
      return `updated ${task}${fields ? ` (${fields})` : ''}`;
    }
    if (entry.action === 'moved') return `moved ${task} to ${place(d.toSprintId)}`;
    if (entry.action === 'reordered') return `reordered ${task} in ${place(d.toSprintId)}`;
    // A commit or request asked for a move the board's rules do not allow (docs/adr/0023-webhooks.md).
    if (entry.action === 'git-note')
      return `asked to ${String(d.requested)} ${task}, not moved (${d.reason === 'not-in-sprint' ? 'not in a started sprint' : `not allowed from ${(TASK_STATUS_NAMES as Record<number, string>)[Number(d.from)] ?? 'its status'}`})`;
    return `${TASK_ACTION_PAST[entry.action] ?? entry.action} ${task}`;
  }
  if (entry.entity === 'tag') {
    if (entry.action === 'renamed') return `renamed tag “${String(d.from)}” to “${String(d.to)}”`;
    return `${entry.action} tag${title}`;
  }
  if (entry.entity === 'comment') return `commented on task #${String(d.taskId)}${title}`;
  if (entry.entity === 'user' && entry.action === 'email-changed')
    return `changed the e-mail of ${String(d.name)} from ${String(d.from)} to ${String(d.to)}`;
  // An invitation to a registered e-mail (docs/product.md §A8).
  if (entry.entity === 'user' && entry.action === 'observer-added')
    return `added ${String(d.name)} to the project as an observer`;
  if (entry.entity === 'call') {
    // Discovery calls (docs/product.md §F1): approved, declined, cancelled or moved by staff; times in UTC.
    const utc = (iso: unknown) =>
      typeof iso === 'string' ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'an unknown time';
    if (entry.action === 'moved')
      return `moved discovery call #${entry.entityId} from ${utc(d.from)} to ${utc(d.scheduled)}`;
    return `${entry.action} discovery call #${entry.entityId} at ${utc(d.scheduled)}`;
  }
  return `${entry.action} ${entry.entity} #${entry.entityId}`;
}
