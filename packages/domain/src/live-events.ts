/**
 * The kinds of change GET /api/events announces (docs/product.md §F3; docs/adr/0010-live-events.md). The
 * server publishes only these and the web's invalidation table names each one, so a new kind is a
 * compile error until both know it. Stored kinds are kept a few minutes and replayed on reconnect.
 */
export const STORED_LIVE_EVENT_KINDS = [
  'project',
  'update',
  'file',
  'link',
  'team',
  'sprint',
  'task',
  /** A board label. */
  'tag',
  'comment',
  'call',
  /** A webhook delivery of one of the project's repositories was recorded (the Git tab). */
  'git',
  /** A task delivered to, or decided by, the product owner (the review card; docs/adr/0021). */
  'delivery',
  /** A new entry in one user's notification centre: only that user hears it. */
  'notification',
  /** A chat message was posted, edited or deleted (docs/adr/0022-project-chat.md). */
  'message',
] as const;

/**
 * Presence: someone has a task open for editing, or is typing in a project's chat. Never stored, never
 * replayed, and the only kinds that name a user (an id, no name or address).
 */
export const PRESENCE_LIVE_EVENT_KINDS = ['editing', 'typing'] as const;

export const LIVE_EVENT_KINDS = [...STORED_LIVE_EVENT_KINDS, ...PRESENCE_LIVE_EVENT_KINDS] as const;

export type StoredLiveEventKind = (typeof STORED_LIVE_EVENT_KINDS)[number];
export type PresenceLiveEventKind = (typeof PRESENCE_LIVE_EVENT_KINDS)[number];
export type LiveEventKind = StoredLiveEventKind | PresenceLiveEventKind;

/**
 * One change as a GET /api/events frame's `data` carries it: what changed and in which project, no data
 * (the screens refetch what they show); presence names the user. Its schema is api/live-change.ts.
 */
export type LiveChange =
  | { type: StoredLiveEventKind; id: string; project: string }
  | { type: PresenceLiveEventKind; id: string; project: string; user: string };

export function isLiveEventKind(value: unknown): value is LiveEventKind {
  return (LIVE_EVENT_KINDS as readonly unknown[]).includes(value);
}

export function isPresenceKind(kind: LiveEventKind): kind is PresenceLiveEventKind {
  return (PRESENCE_LIVE_EVENT_KINDS as readonly string[]).includes(kind);
}

/**
 * liveChangeSchema's answer (api/live-change.ts) without zod's runtime: the web reads every frame with
 * it on its first screen, where zod's ~22 KB gzipped would otherwise join the entry chunk (this file has
 * no top-level schema, so importing it keeps zod out). `live-events.test.ts` holds the two to the same
 * answers.
 */
export function readLiveChange(value: unknown): LiveChange | null {
  if (!value || typeof value !== 'object') return null;
  const { type, id, project, user } = value as Record<string, unknown>;
  if (!isLiveEventKind(type) || typeof id !== 'string' || typeof project !== 'string') return null;
  if (!isPresenceKind(type)) return { type, id, project };
  return typeof user === 'string' ? { type, id, project, user } : null;
}
