import { z } from 'zod';
import { isStaffRole, type Role } from './roles.ts';

/**
 * Every kind of notification. A feature that tells someone about a change calls the API's `notify()`
 * with one of these inside its write transaction (docs/adr/0020-notifications.md); a new kind is one
 * line here and one entry in NOTIFICATION_KIND_INFO.
 */
export const NOTIFICATION_KINDS = [
  /** A visitor signed up through the wizard: admins and the default account manager. */
  'lead-new',
  /** An existing client started another project: the project's account manager, else admins. */
  'project-new',
  /** The client booked a discovery call: the project's account manager, else admins. */
  'call-booked',
  /** The client booked a call that waits for approval (phone prefix): account manager, else admins. */
  'call-awaiting-approval',
  /** The client moved their call: account manager, else admins. */
  'call-moved-by-client',
  /** The client cancelled their call: account manager, else admins. */
  'call-cancelled-by-client',
  /** Staff approved the client's call: the client who booked it. */
  'call-approved',
  /** Staff declined the client's call: the client who booked it. */
  'call-declined',
  /** Staff moved or cancelled the client's call: the client who booked it. */
  'call-changed-by-staff',
  /** An update was posted on a project: its clients (beside the daily digest). */
  'update-posted',
  /** Someone accepted an invitation: whoever sent it. */
  'invitation-accepted',
  /** A task was delivered for review (board or commit): the project's clients. */
  'task-review-requested',
  /** A delivered task was accepted or rejected: its owner and the project's project managers (staff). */
  'task-review-decided',
  /** Someone mentioned you in a project's chat: whoever is mentioned, staff or client. */
  'chat-mention',
  /** Someone put you on a project's team (developer, project manager, account manager): you. */
  'project-team-added',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

type KindInfo = {
  /** What the settings screen calls it. */
  label: string;
  /** Who can receive it: the settings screen lists only a role's kinds. */
  audience: 'staff' | 'client' | 'everyone';
  /** False until the feature that emits it exists: not offered in the settings. */
  emitted: boolean;
  /** Defaults while a user has not chosen (every kind shows in the bell by default). */
  email: boolean;
};

export const NOTIFICATION_KIND_INFO: Readonly<Record<NotificationKind, KindInfo>> = {
  'lead-new': { label: 'New lead signed up', audience: 'staff', emitted: true, email: true },
  'project-new': { label: 'New project of a client', audience: 'staff', emitted: true, email: true },
  'call-booked': { label: 'Call booked', audience: 'staff', emitted: true, email: true },
  'call-awaiting-approval': {
    label: 'Call awaiting approval',
    audience: 'staff',
    emitted: true,
    email: true,
  },
  'call-moved-by-client': {
    label: 'Call moved by the client',
    audience: 'staff',
    emitted: true,
    email: true,
  },
  'call-cancelled-by-client': {
    label: 'Call cancelled by the client',
    audience: 'staff',
    emitted: true,
    email: true,
  },
  'call-approved': { label: 'My call was approved', audience: 'client', emitted: true, email: false },
  'call-declined': { label: 'My call was declined', audience: 'client', emitted: true, email: false },
  'call-changed-by-staff': {
    label: 'My call was moved or cancelled',
    audience: 'client',
    emitted: true,
    email: false,
  },
  // The call mails and the daily digest already tell clients by e-mail: in the bell only by default.
  'update-posted': { label: 'New update on my project', audience: 'client', emitted: true, email: false },
  'invitation-accepted': {
    label: 'Invitation accepted',
    audience: 'staff',
    emitted: true,
    email: true,
  },
  // Clients act on it (accept or reject): by mail too, batched as every kind.
  'task-review-requested': {
    label: 'Task delivered for review',
    audience: 'client',
    emitted: true,
    email: true,
  },
  // The task's owner already gets the decision mail (modules/deliveries/decision-mail.ts): bell only by default.
  'task-review-decided': { label: 'Decision on a task', audience: 'staff', emitted: true, email: false },
  // The chat's missed-message mail already tells of a mention within a minute: bell only by default.
  'chat-mention': { label: 'Mentions in the chat', audience: 'everyone', emitted: true, email: false },
  'project-team-added': {
    label: "I was added to a project's team",
    audience: 'staff',
    emitted: true,
    email: true,
  },
};

/** The kinds a role can receive and choose for, in the settings screen's order. */
export function notificationKindsFor(role: Role): NotificationKind[] {
  const audience = isStaffRole(role) ? 'staff' : 'client';
  return NOTIFICATION_KINDS.filter(
    (kind) =>
      NOTIFICATION_KIND_INFO[kind].emitted &&
      [audience, 'everyone'].includes(NOTIFICATION_KIND_INFO[kind].audience),
  );
}

export const NOTIFICATION_MAIL_INTERVAL_MINUTES = 5;
export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const notificationPreferenceSchema = z.object({
  kind: notificationKindSchema,
  'in-app': z.boolean(),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** PATCH /api/notification/settings: the kinds to change (others keep what they were). */
export const notificationSettingsUpdateSchema = z.object({
  data: z.object({
    type: z.literal('notification-settings'),
    attributes: z.object({
      kinds: z.array(notificationPreferenceSchema).min(1).max(NOTIFICATION_KINDS.length),
    }),
  }),
});

/** POST /api/notification/read: these ids, or all of mine. */
export const notificationReadSchema = z.object({
  data: z.object({
    type: z.literal('notification-read'),
    attributes: z.union([
      z.object({
        ids: z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(100),
      }),
      z.object({ all: z.literal(true) }),
    ]),
  }),
});
