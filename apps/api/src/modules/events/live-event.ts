import { type Actor, can } from '@dd/domain';

/** What changed. `tag` is a board label; the rest are named by docs/product.md §F3. */
export type LiveEventKind =
  | 'project'
  | 'update'
  | 'file'
  | 'link'
  | 'team'
  | 'sprint'
  | 'task'
  | 'tag'
  | 'comment'
  | 'call'
  /** A webhook delivery of one of the project's repositories was recorded (the Git tab). */
  | 'git'
  /** A task delivered to, or decided by, the product owner (the review card; docs/adr/0021). */
  | 'delivery'
  /** A new entry in one user's notification centre: only that user hears it. */
  | 'notification'
  /** Presence: someone has this task open for editing (not stored, never replayed). */
  | 'editing'
  /** A chat message was posted, edited or deleted (docs/adr/0022-project-chat.md). */
  | 'message'
  /** Presence: someone is typing in a project's chat (not stored, never replayed). */
  | 'typing';

export const LIVE_EVENT_KINDS: readonly LiveEventKind[] = [
  'project',
  'update',
  'file',
  'link',
  'team',
  'sprint',
  'task',
  'tag',
  'comment',
  'call',
  'git',
  'delivery',
  'notification',
  'editing',
  'message',
  'typing',
];

/** The live kind named by a history entity or other string, or null when it is none. */
export function liveEventKind(name: string): LiveEventKind | null {
  return name !== 'editing' && name !== 'typing' && (LIVE_EVENT_KINDS as readonly string[]).includes(name)
    ? (name as LiveEventKind)
    : null;
}

/** The channel every process LISTENs on; the payload is a LiveEvent as JSON. */
export const EVENTS_CHANNEL = 'dd_events';

/**
 * One change, as announced between processes. ownerId and clientIds are the project's audience as of the
 * write (what `can()` needs); they never leave the server: a browser gets only `wireEvent()`.
 */
export type LiveEvent = {
  id: number;
  kind: LiveEventKind;
  resourceId: number;
  projectId: number;
  ownerId: number | null;
  clientIds: number[];
  /** Presence only: who is editing or typing (a user id, no name or address). */
  userId?: number;
  /** A notification's one recipient (no one else receives the event). */
  recipientId?: number;
};

const BOARD_KINDS = new Set<LiveEventKind>(['sprint', 'task', 'tag', 'comment', 'editing']);

/**
 * Who may receive an event: the same rules as the routes that read the resource. Board resources follow
 * the board's two checks ('board:use', then 'project:board'), so readonlyManager and clients get none;
 * calls go to staff who see the project's calls and to the owning client who booked them; everything
 * else to whoever may read the project.
 */
export function mayReceive(actor: Actor, event: LiveEvent): boolean {
  if (event.kind === 'notification')
    return actor !== null && event.recipientId === actor.id && can(actor, 'notification:use');
  const project = { ownerId: event.ownerId, clientIds: event.clientIds };
  if (BOARD_KINDS.has(event.kind)) return can(actor, 'board:use') && can(actor, 'project:board', project);
  if (event.kind === 'delivery') return can(actor, 'project:read-deliveries', project);
  if (event.kind === 'call')
    return can(actor, 'project:see-calls', project) || can(actor, 'project:book-call', project);
  if (event.kind === 'message' || event.kind === 'typing') return can(actor, 'project:chat-read', project);
  return can(actor, 'project:read', project);
}

/** The SSE frame of an event: its id (for Last-Event-ID), and what changed, with no personal data. */
export function wireEvent(event: LiveEvent): string {
  const data = JSON.stringify({
    type: event.kind,
    id: String(event.resourceId),
    project: String(event.projectId),
    ...(event.userId !== undefined ? { user: String(event.userId) } : {}),
  });
  // Presence is not stored: no id, so it never moves the browser's Last-Event-ID.
  return event.id > 0 ? `id: ${event.id}\ndata: ${data}\n\n` : `data: ${data}\n\n`;
}

/** A NOTIFY payload back into an event; null for anything malformed. */
export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const raw = JSON.parse(payload) as Record<string, unknown>;
    const id = Number(raw.id);
    const kind = raw.kind as LiveEventKind;
    if (!Number.isSafeInteger(id) || !LIVE_EVENT_KINDS.includes(kind)) return null;
    return {
      id,
      kind,
      resourceId: Number(raw.resource_id),
      projectId: Number(raw.project_id),
      ownerId: raw.owner_id == null ? null : Number(raw.owner_id),
      clientIds: Array.isArray(raw.client_ids) ? raw.client_ids.map(Number) : [],
      ...(raw.user_id != null ? { userId: Number(raw.user_id) } : {}),
      ...(raw.recipient_id != null ? { recipientId: Number(raw.recipient_id) } : {}),
    };
  } catch {
    return null;
  }
}
