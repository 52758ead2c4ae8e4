import {
  type Actor,
  can,
  isLiveEventKind,
  isPresenceKind,
  type LiveChange,
  type LiveEventKind,
} from '@dd/domain';

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

type Project = { ownerId: number | null; clientIds: number[] };
type Audience = (actor: Actor, event: LiveEvent, project: Project) => boolean;

const board: Audience = (actor, _event, project) =>
  can(actor, 'board:use') && can(actor, 'project:board', project);
const projectReaders: Audience = (actor, _event, project) => can(actor, 'project:read', project);
const chatReaders: Audience = (actor, _event, project) => can(actor, 'project:chat-read', project);

/**
 * Who may receive each kind of event: the same rules as the routes that read the resource. Board resources
 * follow the board's two checks ('board:use', then 'project:board'), so readonlyManager and clients get
 * none; calls go to staff who see the project's calls and to the owning client who booked them; a
 * notification to its one recipient; everything else to whoever may read the project. One entry per kind
 * of the domain's union, so a new kind does not compile until it has an audience.
 */
const AUDIENCE: Record<LiveEventKind, Audience> = {
  project: projectReaders,
  update: projectReaders,
  file: projectReaders,
  link: projectReaders,
  team: projectReaders,
  git: projectReaders,
  sprint: board,
  task: board,
  tag: board,
  comment: board,
  editing: board,
  delivery: (actor, _event, project) => can(actor, 'project:read-deliveries', project),
  call: (actor, _event, project) =>
    can(actor, 'project:see-calls', project) || can(actor, 'project:book-call', project),
  message: chatReaders,
  typing: chatReaders,
  notification: (actor, event) =>
    actor !== null && event.recipientId === actor.id && can(actor, 'notification:use'),
};

export function mayReceive(actor: Actor, event: LiveEvent): boolean {
  return AUDIENCE[event.kind](actor, event, { ownerId: event.ownerId, clientIds: event.clientIds });
}

/** The SSE frame of an event: its id (for Last-Event-ID), and what changed, with no personal data. */
export function wireEvent(event: LiveEvent): string {
  const ids = { id: String(event.resourceId), project: String(event.projectId) };
  const change: LiveChange = isPresenceKind(event.kind)
    ? { type: event.kind, ...ids, user: String(event.userId) }
    : { type: event.kind, ...ids };
  const data = JSON.stringify(change);
  // Presence is not stored: no id, so it never moves the browser's Last-Event-ID.
  return event.id > 0 ? `id: ${event.id}\ndata: ${data}\n\n` : `data: ${data}\n\n`;
}

/** A NOTIFY payload back into an event; null for anything malformed. */
export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const raw = JSON.parse(payload) as Record<string, unknown>;
    const id = Number(raw.id);
    const kind = raw.kind;
    if (!Number.isSafeInteger(id) || !isLiveEventKind(kind)) return null;
    // Presence names who is editing or typing; without them it says nothing.
    if (isPresenceKind(kind) && raw.user_id == null) return null;
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
