import { readFileSync } from 'node:fs';
import { ROLES, type Role } from '@dd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  images,
  invitations,
  links,
  messages,
  projectLinks,
  projectMembers,
  projects,
  reminderSettings,
  repositories,
  scheduledCalls,
  tasks,
  users,
} from '../db/schema/index.ts';
import { createAccessToken } from '../modules/access-tokens/access-tokens.ts';
import { createSession } from '../modules/auth/sessions.ts';
import { resetFeed } from '../modules/scheduled-calls/calendar-feed.ts';
import { isKeyFreePath } from '../plugins/app/auth.ts';
import {
  buildCompany,
  buildFile,
  buildProject,
  buildUser,
  DEFAULT_PASSWORD,
  signedInAs,
} from '../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../test/test-app.ts';

/**
 * The role × route matrix: every operation of the OpenAPI document, called by a visitor and by each of
 * the 8 roles, against the caller's own resources and against someone else's. The expected answer is
 * written once per operation below; an operation of the document with no row fails the first test, so a
 * new route cannot escape. Rows of routes whose role table lives elsewhere name that table (and the
 * test checks it does list the operation). A cell may allow a set of statuses where the body decides
 * (e.g. 201 or 422), never a 2xx for a caller who must be refused.
 */

type Who = 'anonymous' | Role;
type Scope = 'own' | 'other';
type Cell = number | readonly number[];
type Answers = Record<Who, Record<Scope, Cell>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Req = {
  method: Method;
  url: string;
  body?: unknown;
  authorization?: string | null;
  /** a body that is not JSON:API (a streamed upload), sent as is with its own headers */
  raw?: { headers: Record<string, string>; payload: Buffer };
};

/** What a caller's requests point at: their own project (owned as client, on its team as staff) or another. */
type Fixture = {
  who: Who;
  scope: Scope;
  authorization: string | null;
  /** the caller's id (null for a visitor) */
  caller: number | null;
  /** the owner of the project (the caller, for a client on their own project) */
  userId: number;
  projectId: number;
  companyId: number;
  fileId: number;
  developerId: number;
  reminderSettingId: number;
  imageId: number;
  taskId: number;
};

type Row =
  | { request: (f: Fixture) => Req | Promise<Req>; answers: Answers }
  | { coveredBy: string; reason?: string };

const WHO: readonly Who[] = ['anonymous', ...ROLES];
const STAFF = ROLES.filter((r) => r !== 'client');
const TEAM_EDITORS: readonly Role[] = ['superAdmin', 'admin', 'accountManager', 'projectManager'];
const ADMINS: readonly Role[] = ['superAdmin', 'admin'];
/** Who writes in a project's chat: its clients and every staff role but readonlyManager. */
const CHAT_WRITERS = STAFF.filter((r) => r !== 'readonlyManager');

/**
 * Builds a row's answers: `allowed` roles get `ok` (on own and other resources unless `ownOnly`), other
 * roles `refused` (403), a visitor `anonymous` (401).
 */
function answers(
  allowed: readonly Role[],
  ok: Cell,
  options: { anonymous?: Cell; refused?: Cell; ownOnly?: readonly Role[]; otherOk?: readonly Role[] } = {},
): Answers {
  const { anonymous = 401, refused = 403, ownOnly = [], otherOk } = options;
  const out = {} as Answers;
  for (const who of WHO) {
    if (who === 'anonymous') out[who] = { own: anonymous, other: anonymous };
    else {
      const own = allowed.includes(who) || ownOnly.includes(who) ? ok : refused;
      const otherAllowed = otherOk ? otherOk.includes(who) : allowed.includes(who);
      out[who] = { own, other: otherAllowed ? ok : refused };
    }
  }
  return out;
}
const everyone = (ok: Cell) => answers(ROLES, ok, { anonymous: ok });
const signedIn = (ok: Cell) => answers(ROLES, ok);
const staff = (ok: Cell) => answers(STAFF, ok);

const doc = (type: string, attributes: Record<string, unknown>) => ({ data: { type, attributes } });

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;

const LOOKUPS = [
  'company-size',
  'company-type',
  'company-industry',
  'company-project-funding',
  'project-size',
  'project-budget',
  'project-state',
  'project-start',
  'project-status',
  'project-type',
  'task-type',
  'task-priority',
  'task-status',
  'sprint-status',
];
const ROLE_TABLES = {
  adminLists: 'admin-lists.roles.test.ts',
  adminForms: 'admin-forms.roles.test.ts',
  board: 'task/board.roles.test.ts',
  staffCalls: 'scheduled-call/staff-calls.test.ts',
  progress: 'project/progress.test.ts',
  events: 'events/events.roles.test.ts',
} as const;
/** The task board's roles: staff except readonlyManager. */
const BOARD: readonly Role[] = [
  'superAdmin',
  'admin',
  'accountManager',
  'developer',
  'projectManager',
  'assistant',
];

/** Who may accept or reject a delivery besides the project's clients: staff who work the board, not assistant. */
const DECIDERS: readonly Role[] = ['superAdmin', 'admin', 'accountManager', 'developer', 'projectManager'];

const MATRIX: Record<string, Row> = {
  'GET /api/health': { request: () => ({ method: 'GET', url: '/api/health' }), answers: everyone(200) },
  'GET /api/app-config': {
    request: () => ({ method: 'GET', url: '/api/app-config' }),
    answers: everyone(200),
  },
  'POST /api/authorization/login': {
    request: () => ({
      method: 'POST',
      url: '/api/authorization/login',
      body: doc('user', { login: `nobody-${unique()}@example.com`, password: 'wrong-pass-1' }),
    }),
    answers: everyone(422),
  },
  'GET /api/authorization/check': {
    request: () => ({ method: 'GET', url: '/api/authorization/check' }),
    answers: signedIn(200),
  },
  'DELETE /api/authorization/logout': {
    // A session of its own, so the caller's session survives for the next rows.
    request: async (f) => ({
      method: 'DELETE',
      url: '/api/authorization/logout',
      authorization: f.authorization === null ? null : await freshSession(f.who as Role),
    }),
    answers: everyone(204),
  },
  // The links of an e-mail change: the token is the key, for anyone (a made-up one is 422 for all).
  ...Object.fromEntries(
    ['confirm', 'cancel'].map((what): [string, Row] => [
      `POST /api/email-change/${what}`,
      {
        request: () => ({
          method: 'POST',
          url: `/api/email-change/${what}`,
          body: doc('email-change', { token: `made-up-${unique()}` }),
        }),
        answers: everyone(422),
      },
    ]),
  ),
  'GET /api/user/{id}': { coveredBy: ROLE_TABLES.adminForms },
  'PATCH /api/user/{id}': { coveredBy: ROLE_TABLES.adminForms },
  'DELETE /api/user/{id}': { coveredBy: ROLE_TABLES.adminLists },
  'POST /api/user/create': { coveredBy: ROLE_TABLES.adminForms },
  ...Object.fromEntries(
    LOOKUPS.flatMap((type) =>
      [`/api/${type}`, `/api/${type}/search`].map((url): [string, Row] => [
        `GET ${url}`,
        ['company-type', 'company-industry', 'company-project-funding'].includes(type) &&
        url.endsWith('/search')
          ? { coveredBy: ROLE_TABLES.adminForms }
          : { request: () => ({ method: 'GET', url }), answers: everyone(200) },
      ]),
    ),
  ),
  'GET /api/tech/search': {
    request: () => ({ method: 'GET', url: '/api/tech/search?include=tech-group' }),
    answers: everyone(200),
  },
  'GET /api/timezone': { request: () => ({ method: 'GET', url: '/api/timezone' }), answers: everyone(200) },
  'GET /api/timezone/search': {
    request: () => ({ method: 'GET', url: '/api/timezone/search' }),
    answers: everyone(200),
  },
  'POST /api/authorization/forgot': {
    request: () => ({
      method: 'POST',
      url: '/api/authorization/forgot',
      body: doc('user', { email: `nobody-${unique()}@example.com` }),
    }),
    // Open to everyone; an unknown address is named as such (the product's message).
    answers: everyone(422),
  },
  'GET /api/authorization/reset-token': {
    request: () => ({ method: 'GET', url: '/api/authorization/reset-token?token=unknown-token' }),
    answers: everyone(422),
  },
  'POST /api/invitation/create': {
    request: (f) => ({
      method: 'POST',
      url: '/api/invitation/create',
      body: doc('invitation', { email: `guest-${unique()}@example.com`, project_id: f.projectId }),
    }),
    answers: answers(TEAM_EDITORS, 201),
  },
  'GET /api/invitation/search': {
    request: (f) => ({ method: 'GET', url: `/api/invitation/search?filter[project_id]=${f.projectId}` }),
    answers: answers(TEAM_EDITORS, 200),
  },
  'POST /api/invitation/{id}/resend': {
    // A fresh pending invitation of the caller's (or someone else's) project for every call.
    request: async (f) => ({
      method: 'POST',
      url: `/api/invitation/${await newInvitation(f.projectId)}/resend`,
    }),
    answers: answers(TEAM_EDITORS, 200),
  },
  'DELETE /api/invitation/{id}': {
    request: async (f) => ({ method: 'DELETE', url: `/api/invitation/${await newInvitation(f.projectId)}` }),
    answers: answers(TEAM_EDITORS, 204),
  },
  'GET /api/digest/unsubscribe': {
    // The signed link is the key: no session needed, and a forged one is refused for everyone alike.
    request: () => ({ method: 'GET', url: '/api/digest/unsubscribe?token=forged.token' }),
    answers: everyone(400),
  },
  'POST /api/digest/unsubscribe': {
    request: () => ({ method: 'POST', url: '/api/digest/unsubscribe?token=forged.token' }),
    answers: everyone(400),
  },
  'GET /api/digest/setting': {
    request: () => ({ method: 'GET', url: '/api/digest/setting' }),
    answers: answers(['client'], 200),
  },
  'PATCH /api/digest/setting': {
    request: () => ({
      method: 'PATCH',
      url: '/api/digest/setting',
      body: doc('digest-setting', { 'digest-enabled': true }),
    }),
    answers: answers(['client'], 200),
  },
  'GET /api/notification/search': {
    request: () => ({ method: 'GET', url: '/api/notification/search' }),
    answers: signedIn(200),
  },
  'POST /api/notification/read': {
    request: () => ({
      method: 'POST',
      url: '/api/notification/read',
      body: doc('notification-read', { all: true }),
    }),
    answers: signedIn(200),
  },
  'GET /api/notification/settings': {
    request: () => ({ method: 'GET', url: '/api/notification/settings' }),
    answers: signedIn(200),
  },
  'PATCH /api/notification/settings': {
    // Each role chooses among the kinds it can receive.
    request: (f) => ({
      method: 'PATCH',
      url: '/api/notification/settings',
      body: doc('notification-settings', {
        kinds: [{ kind: f.who === 'client' ? 'update-posted' : 'call-booked', 'in-app': true, email: false }],
      }),
    }),
    answers: signedIn(200),
  },
  'GET /api/notification/unsubscribe': {
    request: () => ({ method: 'GET', url: '/api/notification/unsubscribe?token=forged.token' }),
    answers: everyone(400),
  },
  'POST /api/notification/unsubscribe': {
    request: () => ({ method: 'POST', url: '/api/notification/unsubscribe?token=forged.token' }),
    answers: everyone(400),
  },
  'GET /api/setup/checklist': {
    request: () => ({ method: 'GET', url: '/api/setup/checklist' }),
    answers: answers(ADMINS, 200),
  },
  'GET /api/invitation/my': {
    request: () => ({ method: 'GET', url: '/api/invitation/my?token=unknown-token' }),
    answers: everyone(422),
  },
  'POST /api/authorization/register': {
    request: () => ({
      method: 'POST',
      url: '/api/authorization/register',
      body: doc('user', { token: 'unknown-token', name: 'Guest', password: 'secret-pass-1' }),
    }),
    answers: everyone(422),
  },
  'GET /api/mail-outbox/search': {
    request: () => ({ method: 'GET', url: '/api/mail-outbox/search' }),
    answers: answers(ADMINS, 200),
  },
  'GET /api/project/mine': {
    request: () => ({ method: 'GET', url: '/api/project/mine' }),
    answers: answers(['client'], 200),
  },
  'GET /api/project/{id}': {
    request: (f) => ({
      method: 'GET',
      url: `/api/project/${f.projectId}?include=owner,company,client,developer,file,link`,
    }),
    answers: answers(STAFF, 200, { ownOnly: ['client'] }),
  },
  'PATCH /api/project/{id}': {
    request: (f) => ({
      method: 'PATCH',
      url: `/api/project/${f.projectId}`,
      body: doc('project', { title: `Renamed ${unique()}` }),
    }),
    answers: answers(['superAdmin', 'admin', 'projectManager'], 200, { ownOnly: ['client'] }),
  },
  'DELETE /api/project/{id}': { coveredBy: ROLE_TABLES.adminLists },
  'PATCH /api/company/{id}': {
    request: (f) => ({
      method: 'PATCH',
      url: `/api/company/${f.companyId}`,
      body: doc('company', { title: `Acme ${unique()}` }),
    }),
    answers: answers(['superAdmin', 'admin', 'projectManager'], 200, { ownOnly: ['client'] }),
  },
  'GET /api/company/{id}': { coveredBy: ROLE_TABLES.adminLists },
  'DELETE /api/company/{id}': { coveredBy: ROLE_TABLES.adminLists },
  'PATCH /api/user/{id}/details': {
    request: (f) => ({
      method: 'PATCH',
      url: `/api/user/${f.userId}/details`,
      body: doc('user', {
        name: 'Renamed Owner',
        email: `owner-${unique()}@example.com`,
        phone: '+14155550100',
        'help-needed': 'yes',
        // The owner's own new e-mail needs their password; anyone else's ignores it.
        'current-password': DEFAULT_PASSWORD,
      }),
    }),
    // A new e-mail from staff waits for the new address to confirm it; a projectManager may start that
    // only for a client of a project they are on.
    answers: answers(ADMINS, 200, { ownOnly: ['client', 'projectManager'] }),
  },
  'POST /api/project/{id}/upload-file': {
    request: (f) => ({
      method: 'POST',
      url: `/api/project/${f.projectId}/upload-file`,
      body: doc('file', { title: 'a.txt', data: 'data:text/plain;base64,aGk=' }),
    }),
    answers: answers(ADMINS, 201, { ownOnly: ['client'] }),
  },
  'POST /api/project/{id}/file/upload': {
    request: (f) => ({
      method: 'POST',
      url: `/api/project/${f.projectId}/file/upload`,
      raw: {
        headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'a.txt' },
        payload: Buffer.from('hi'),
      },
    }),
    // As the JSON upload: the project's owner, superAdmin and admin.
    answers: answers(ADMINS, 201, { ownOnly: ['client'] }),
  },
  // Anonymous + 8 roles, as owner and not: 'GET /project/{id}/progress' in that file.
  'GET /api/project/{id}/progress': { coveredBy: ROLE_TABLES.progress },
  'GET /api/file/{id}': {
    request: (f) => ({ method: 'GET', url: `/api/file/${f.fileId}` }),
    answers: answers(
      STAFF.filter((r) => r !== 'readonlyManager'),
      200,
      { ownOnly: ['client'] },
    ),
  },
  'GET /api/file/{id}/download': {
    request: (f) => ({ method: 'GET', url: `/api/file/${f.fileId}/download` }),
    answers: answers(
      STAFF.filter((r) => r !== 'readonlyManager'),
      200,
      { ownOnly: ['client'] },
    ),
  },
  'DELETE /api/project/{id}/file/{fileId}': {
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/project/${f.projectId}/file/${await newFile(f.projectId)}`,
    }),
    answers: answers(ADMINS, 204, { ownOnly: ['client'] }),
  },
  'POST /api/link/create': {
    request: () => ({
      method: 'POST',
      url: '/api/link/create',
      body: doc('link', { title: 'Spec', url: 'https://example.com/spec' }),
    }),
    answers: signedIn(201),
  },
  'POST /api/project/{id}/relationships/link': {
    request: async (f) => ({
      method: 'POST',
      url: `/api/project/${f.projectId}/relationships/link`,
      // A link the caller created (attaching someone else's link is refused as unknown).
      body: { data: [{ type: 'link', id: String(await newLink(undefined, f.caller)) }] },
    }),
    answers: answers(ADMINS, 204, { ownOnly: ['client'] }),
  },
  'DELETE /api/project/{id}/link/{linkId}': {
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/project/${f.projectId}/link/${await newLink(f.projectId)}`,
    }),
    answers: answers(ADMINS, 204, { ownOnly: ['client'] }),
  },
  'GET /api/project-update/search': {
    request: (f) => ({ method: 'GET', url: `/api/project-update/search?filter[project_id]=${f.projectId}` }),
    answers: answers(STAFF, 200, { ownOnly: ['client'] }),
  },
  'POST /api/project-update/post': {
    request: (f) => ({
      method: 'POST',
      url: '/api/project-update/post',
      body: doc('project-update', { title: 'update', project_id: f.projectId, description: 'Done' }),
    }),
    answers: answers(['superAdmin', 'admin', 'accountManager', 'developer', 'projectManager'], 201),
  },
  'GET /api/project/{id}/messages': {
    request: (f) => ({ method: 'GET', url: `/api/project/${f.projectId}/messages?page[size]=5` }),
    answers: answers(STAFF, 200, { ownOnly: ['client'] }),
  },
  'POST /api/project/{id}/messages': {
    request: (f) => ({
      method: 'POST',
      url: `/api/project/${f.projectId}/messages`,
      body: doc('message', { body: 'Hello' }),
    }),
    answers: answers(CHAT_WRITERS, 201, { ownOnly: ['client'] }),
  },
  'POST /api/project/{id}/messages/read': {
    request: async (f) => ({
      method: 'POST',
      url: `/api/project/${f.projectId}/messages/read`,
      body: doc('message-read', { 'last-read-id': await newMessage(f.projectId, f.developerId) }),
    }),
    answers: answers(STAFF, 200, { ownOnly: ['client'] }),
  },
  'POST /api/project/{id}/messages/typing': {
    request: (f) => ({ method: 'POST', url: `/api/project/${f.projectId}/messages/typing` }),
    answers: answers(CHAT_WRITERS, 204, { ownOnly: ['client'] }),
  },
  // The caller's own message (the author edits it; readonlyManager never writes).
  'PATCH /api/message/{id}': {
    request: async (f) => ({
      method: 'PATCH',
      url: `/api/message/${await newMessage(f.projectId, f.caller ?? f.developerId)}`,
      body: doc('message', { body: 'Edited' }),
    }),
    answers: answers(CHAT_WRITERS, 200, { ownOnly: ['client'] }),
  },
  // Someone else's message: admins only (the author's own delete is in routes/message/messages.test.ts).
  'DELETE /api/message/{id}': {
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/message/${await newMessage(f.projectId, f.developerId)}`,
    }),
    answers: answers(ADMINS, 204),
  },
  // One's own missed-message mail of a project: whoever reads its chat (routes/chat/missed-mail.test.ts).
  'GET /api/chat/{id}/mail': {
    request: (f) => ({ method: 'GET', url: `/api/chat/${f.projectId}/mail` }),
    answers: answers(STAFF, 200, { ownOnly: ['client'] }),
  },
  'PATCH /api/chat/{id}/mail': {
    request: (f) => ({
      method: 'PATCH',
      url: `/api/chat/${f.projectId}/mail`,
      body: doc('chat-mail', { enabled: true }),
    }),
    answers: answers(STAFF, 200, { ownOnly: ['client'] }),
  },
  // A signed link, no session: anyone holding it (a forged token is refused; routes/chat/missed-mail.test.ts).
  'GET /api/chat/unsubscribe': {
    request: () => ({ method: 'GET', url: '/api/chat/unsubscribe?token=1.1.forged' }),
    answers: everyone(400),
  },
  'POST /api/chat/unsubscribe': {
    request: () => ({ method: 'POST', url: '/api/chat/unsubscribe?token=1.1.forged' }),
    answers: everyone(400),
  },
  'POST /api/image/upload': {
    request: () => ({
      method: 'POST',
      url: '/api/image/upload',
      body: doc('image', {
        title: 'a.png',
        data: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      }),
    }),
    answers: signedIn(201),
  },
  'GET /api/image/{id}': {
    request: (f) => ({ method: 'GET', url: `/api/image/${f.imageId}` }),
    answers: signedIn(200),
  },
  'POST /api/project/{id}/team-member': {
    request: (f) => ({
      method: 'POST',
      url: `/api/project/${f.projectId}/team-member`,
      body: doc('user', {
        role: 'developer',
        name: 'New Developer',
        email: `dev-${unique()}@example.com`,
        avatar: `/api/image/${f.imageId}`,
      }),
    }),
    answers: answers(TEAM_EDITORS, 201),
  },
  'POST /api/project/{id}/observer': {
    // A new staff member for every call, so each allowed call adds someone (201).
    request: async (f) => ({
      method: 'POST',
      url: `/api/project/${f.projectId}/observer`,
      body: doc('user', { email: (await buildUser(db(), { role: 'assistant' })).email }),
    }),
    // Exactly those who may invite (POST /invitation/create), on any project.
    answers: answers(TEAM_EDITORS, 201),
  },
  'GET /api/project/{id}/observer': {
    request: (f) => ({ method: 'GET', url: `/api/project/${f.projectId}/observer` }),
    // Whoever reads the project: staff, and a client on their own project.
    answers: answers(STAFF, 200, { ownOnly: ['client'] }),
  },
  'GET /api/project/{id}/repositories': {
    request: (f) => ({ method: 'GET', url: `/api/project/${f.projectId}/repositories` }),
    // The Git tab reads as the project does: staff, and a client on their own project.
    answers: answers(STAFF, 200, { ownOnly: ['client'] }),
  },
  'POST /api/project/{id}/repositories': {
    request: (f) => ({
      method: 'POST',
      url: `/api/project/${f.projectId}/repositories`,
      body: doc('repository', { provider: 'github', name: `acme/repo-${unique()}` }),
    }),
    // Admin-level users, and a project manager of this project ("own": the fixture makes them one).
    answers: answers(ADMINS, 201, { ownOnly: ['projectManager'] }),
  },
  'GET /api/project/{id}/git-activity': {
    request: (f) => ({ method: 'GET', url: `/api/project/${f.projectId}/git-activity?page[size]=5` }),
    answers: answers(STAFF, 200, { ownOnly: ['client'] }),
  },
  'DELETE /api/repository/{id}': {
    request: async (f) => ({ method: 'DELETE', url: `/api/repository/${await newRepository(f.projectId)}` }),
    answers: answers(ADMINS, 204, { ownOnly: ['projectManager'] }),
  },
  'POST /api/repository/{id}/rotate-secret': {
    request: async (f) => ({
      method: 'POST',
      url: `/api/repository/${await newRepository(f.projectId)}/rotate-secret`,
    }),
    answers: answers(ADMINS, 200, { ownOnly: ['projectManager'] }),
  },
  // A provider's delivery carries no session: unsigned, it is refused whoever sends it.
  'POST /api/webhooks/github': {
    request: () => ({
      method: 'POST',
      url: '/api/webhooks/github',
      raw: {
        headers: { 'content-type': 'application/json', 'x-github-event': 'ping' },
        payload: Buffer.from('{}'),
      },
    }),
    answers: everyone(401),
  },
  'POST /api/webhooks/github/{repositoryId}': {
    request: (f) => ({
      method: 'POST',
      url: `/api/webhooks/github/${f.projectId}`,
      raw: {
        headers: { 'content-type': 'application/json', 'x-github-event': 'ping' },
        payload: Buffer.from('{}'),
      },
    }),
    answers: everyone(401),
  },
  'POST /api/webhooks/gitlab/{repositoryId}': {
    request: (f) => ({
      method: 'POST',
      url: `/api/webhooks/gitlab/${f.projectId}`,
      raw: {
        headers: { 'content-type': 'application/json', 'x-gitlab-event': 'Push Hook' },
        payload: Buffer.from('{}'),
      },
    }),
    answers: everyone(401),
  },
  'POST /api/webhooks/gitlab': {
    request: () => ({
      method: 'POST',
      url: '/api/webhooks/gitlab',
      raw: {
        headers: { 'content-type': 'application/json', 'x-gitlab-event': 'Push Hook' },
        payload: Buffer.from('{}'),
      },
    }),
    answers: everyone(401),
  },
  // An inbound-mail provider's delivery carries the shared INBOUND_MAIL_SECRET, not a session: this
  // installation sets none, so the route is not there for anyone (routes/inbound-mail/inbound-mail.test.ts
  // calls it with the secret).
  'POST /api/inbound-mail': {
    request: () => ({
      method: 'POST',
      url: '/api/inbound-mail',
      raw: {
        headers: { 'content-type': 'message/rfc822' },
        payload: Buffer.from('From: a@b.test\r\nTo: c@d.test\r\nSubject: hi\r\n\r\nhello\r\n'),
      },
    }),
    answers: everyone(404),
  },
  'GET /api/reminder-setting/search': {
    request: (f) => ({
      method: 'GET',
      url: `/api/reminder-setting/search?filter[project_id]=${f.projectId}&page[size]=null`,
    }),
    answers: answers(TEAM_EDITORS, 200),
  },
  'POST /api/reminder-setting/create': {
    request: async (f) => ({
      method: 'POST',
      url: '/api/reminder-setting/create',
      body: doc('reminder-setting', {
        project_id: f.projectId,
        user_id: await newDeveloper(f.projectId),
        is_enabled: 0,
      }),
    }),
    answers: answers(TEAM_EDITORS, 201),
  },
  'PATCH /api/reminder-setting/{id}': {
    request: (f) => ({
      method: 'PATCH',
      url: `/api/reminder-setting/${f.reminderSettingId}`,
      body: doc('reminder-setting', { 'is-enabled': 1 }),
    }),
    answers: answers(TEAM_EDITORS, 200),
  },
  'GET /api/project/{id}/tour-state': {
    request: (f) => ({ method: 'GET', url: `/api/project/${f.projectId}/tour-state` }),
    answers: answers([], 200, { ownOnly: ['client'] }),
  },
  'PATCH /api/project/{id}/tour-state': {
    request: (f) => ({
      method: 'PATCH',
      url: `/api/project/${f.projectId}/tour-state`,
      body: doc('tour-state', { step: 2, visited: true, 'open-modal': false }),
    }),
    answers: answers([], 200, { ownOnly: ['client'] }),
  },
  'GET /api/project/search': { coveredBy: ROLE_TABLES.adminLists },
  'GET /api/user/search': { coveredBy: ROLE_TABLES.adminLists },
  'GET /api/user/by-role': { coveredBy: ROLE_TABLES.adminLists },
  'GET /api/team/search': { coveredBy: ROLE_TABLES.adminLists },
  'DELETE /api/team/{id}': { coveredBy: ROLE_TABLES.adminLists },
  'GET /api/company/search': { coveredBy: ROLE_TABLES.adminLists },
  'POST /api/company/create': { coveredBy: ROLE_TABLES.adminForms },
  'POST /api/team/create': { coveredBy: ROLE_TABLES.adminForms },
  'POST /api/project/create': { coveredBy: ROLE_TABLES.adminForms },
  'POST /api/user/register-client': {
    request: () => ({
      method: 'POST',
      url: '/api/user/register-client',
      body: doc('user', {
        project: { title: `Idea ${unique()}`, project_state_id: 1, project_budget_id: 1 },
      }),
    }),
    // A visitor must also send the account and company: 422 without them.
    answers: answers(['client'], 201, { anonymous: 422 }),
  },
  'POST /api/authorization/incomplete-registration': {
    request: () => ({
      method: 'POST',
      url: '/api/authorization/incomplete-registration',
      body: doc('incomplete-registration', { step: 2, 'user-email': `lead-${unique()}@example.com` }),
    }),
    answers: everyone(204),
  },
  'GET /api/incomplete-registration/search': {
    request: () => ({ method: 'GET', url: '/api/incomplete-registration/search' }),
    answers: answers(ADMINS, 200),
  },
  'GET /api/setting/search': {
    request: () => ({ method: 'GET', url: '/api/setting/search?filter[name]=defaultAccauntManager' }),
    answers: staff(200),
  },
  'POST /api/setting/create': {
    request: () => ({
      method: 'POST',
      url: '/api/setting/create',
      body: doc('setting', { name: 'blacklistedPhonePrefixes', value: '+999' }),
    }),
    answers: answers(ADMINS, [201, 409, 422]),
  },
  'PATCH /api/setting/{id}': {
    request: () => ({
      method: 'PATCH',
      url: '/api/setting/1',
      body: doc('setting', { value: '' }),
    }),
    answers: answers(ADMINS, [200, 404, 422]),
  },
  'POST /api/task/{id}/editing': {
    request: (f) => ({ method: 'POST', url: `/api/task/${f.taskId}/editing` }),
    answers: answers(BOARD, 204),
  },
  // The product owner's review (docs/adr/0021): the project's clients and staff read; the fixture's task
  // is not delivered, so whoever may decide gets 409; assistant and readonlyManager may not decide.
  'GET /api/project/{id}/deliveries': {
    request: (f) => ({ method: 'GET', url: `/api/project/${f.projectId}/deliveries` }),
    answers: answers(STAFF, 200, { ownOnly: ['client'] }),
  },
  'POST /api/task/{id}/accept': {
    request: (f) => ({ method: 'POST', url: `/api/task/${f.taskId}/accept`, body: doc('delivery', {}) }),
    answers: answers(DECIDERS, 409, { ownOnly: ['client'] }),
  },
  'POST /api/task/{id}/reject': {
    request: (f) => ({
      method: 'POST',
      url: `/api/task/${f.taskId}/reject`,
      body: doc('delivery', { reason: 'Not what we asked for' }),
    }),
    answers: answers(DECIDERS, 409, { ownOnly: ['client'] }),
  },
  'GET /api/project/{id}/report': {
    request: (f) => ({ method: 'GET', url: `/api/project/${f.projectId}/report` }),
    answers: answers(STAFF, 200, { ownOnly: ['client'] }),
  },
  'GET /api/sprint/search': { coveredBy: ROLE_TABLES.board },
  'POST /api/sprint/create': { coveredBy: ROLE_TABLES.board },
  'PATCH /api/sprint/{id}': { coveredBy: ROLE_TABLES.board },
  'GET /api/task/search': { coveredBy: ROLE_TABLES.board },
  'GET /api/task/{id}': { coveredBy: ROLE_TABLES.board },
  'PATCH /api/task/{id}': { coveredBy: ROLE_TABLES.board },
  'POST /api/task/create': { coveredBy: ROLE_TABLES.board },
  'GET /api/tag/search': { coveredBy: ROLE_TABLES.board },
  'POST /api/tag/create': { coveredBy: ROLE_TABLES.board },
  'PATCH /api/tag/{id}': { coveredBy: ROLE_TABLES.board },
  'DELETE /api/tag/{id}': { coveredBy: ROLE_TABLES.board },
  'GET /api/task-comment/search': { coveredBy: ROLE_TABLES.board },
  'POST /api/task-comment/create': { coveredBy: ROLE_TABLES.board },
  'GET /api/page-tasks/sidebar': { coveredBy: ROLE_TABLES.board },
  'GET /api/project-history/search': { coveredBy: ROLE_TABLES.board },
  'GET /api/work-hours/weekly': {
    request: () => ({ method: 'GET', url: '/api/work-hours/weekly?timezone=UTC' }),
    answers: signedIn(200),
  },
  'GET /api/scheduled-call/available-slots': {
    request: () => ({ method: 'GET', url: '/api/scheduled-call/available-slots?timezone=UTC' }),
    answers: signedIn(200),
  },
  'POST /api/scheduled-call/create': {
    request: (f) => ({
      method: 'POST',
      url: '/api/scheduled-call/create',
      body: doc('scheduled-call', {
        project_id: f.projectId,
        scheduled: '2020-01-06 10:00:00',
        timezone: 'UTC',
      }),
    }),
    // The time is in the past: the owner gets the 422 only after being allowed.
    answers: answers([], 422, { ownOnly: ['client'] }),
  },
  // The staff Calls screen, work hours and calendar feed: that file's table calls each of these as a
  // visitor and as each of the 8 roles (the calls belong to no project of the caller; no own/other).
  // A signed Approve/Decline link (docs/product.md §F1): the Calls screen's roles, authorized before the
  // token is read, so they get the 400 of a link that does not verify and everyone else the 403.
  'GET /api/scheduled-call/signed-action': {
    request: () => ({ method: 'GET', url: '/api/scheduled-call/signed-action?token=1.approve.1.x' }),
    answers: answers(TEAM_EDITORS, 400),
  },
  'POST /api/scheduled-call/signed-action': {
    request: () => ({
      method: 'POST',
      url: '/api/scheduled-call/signed-action',
      body: doc('call-action', { token: '1.approve.1.x' }),
    }),
    answers: answers(TEAM_EDITORS, 400),
  },
  'GET /api/scheduled-call/staff-search': { coveredBy: ROLE_TABLES.staffCalls },
  'POST /api/scheduled-call/{id}/approve': { coveredBy: ROLE_TABLES.staffCalls },
  'POST /api/scheduled-call/{id}/decline': { coveredBy: ROLE_TABLES.staffCalls },
  // Move and cancel are also a client's, on their own project's open call (docs/product.md §C9): a fresh
  // call of the fixture's project each time; the move's time is in the past, so an allowed caller gets
  // the 422 only after being let in.
  'POST /api/scheduled-call/{id}/cancel': {
    request: async (f) => ({ method: 'POST', url: `/api/scheduled-call/${await newCall(f)}/cancel` }),
    answers: answers(TEAM_EDITORS, 200, { ownOnly: ['client'] }),
  },
  'POST /api/scheduled-call/{id}/move': {
    request: async (f) => ({
      method: 'POST',
      url: `/api/scheduled-call/${await newCall(f)}/move`,
      body: doc('scheduled-call', { start: '2020-01-06T10:00:00Z' }),
    }),
    answers: answers(TEAM_EDITORS, 422, { ownOnly: ['client'] }),
  },
  'GET /api/work-hours': { coveredBy: ROLE_TABLES.staffCalls },
  'PATCH /api/work-hours': { coveredBy: ROLE_TABLES.staffCalls },
  'GET /api/calendar-feed': { coveredBy: ROLE_TABLES.staffCalls },
  'DELETE /api/calendar-feed': { coveredBy: ROLE_TABLES.staffCalls },
  'POST /api/calendar-feed/reset': { coveredBy: ROLE_TABLES.staffCalls },
  'GET /api/calendar/{file}': {
    // The token is the key, not the session: a live feed answers anyone who has its URL (own: the
    // caller's feed, or a projectManager's for those who may have none); a replaced token is a 404.
    request: async (f) => ({ method: 'GET', url: `/api/calendar/${await feedToken(f)}.ics` }),
    answers: Object.fromEntries(WHO.map((who) => [who, { own: 200, other: 404 }])) as Answers,
  },
  // Streams (Server-Sent Events): opened over a real connection as a visitor and each of the 8 roles.
  'GET /api/events': { coveredBy: ROLE_TABLES.events },
  'POST /api/access-token': {
    request: () => ({
      method: 'POST',
      url: '/api/access-token',
      body: doc('access-token', {
        name: 'Matrix',
        scope: 'read',
        'expires-at': new Date(Date.now() + 30 * 86_400_000).toISOString(),
      }),
    }),
    answers: signedIn(201),
  },
  'GET /api/access-token/search': {
    request: () => ({ method: 'GET', url: '/api/access-token/search' }),
    answers: signedIn(200),
  },
  'DELETE /api/access-token/{id}': {
    // own: the caller's token; other: another user's, which only admins may revoke and which is a 404 to
    // other staff, as an unknown id is, so a token id tells nothing.
    request: async (f) => ({ method: 'DELETE', url: `/api/access-token/${await newAccessToken(f)}` }),
    answers: {
      ...answers(ROLES, 204, { refused: 404, otherOk: ADMINS }),
      // A client is answered 403 for an unknown id and for someone else's alike (plugins/app/errors.ts).
      client: { own: 204, other: 403 },
    },
  },
  'GET /api/scheduled-call/search': {
    request: (f) => ({ method: 'GET', url: `/api/scheduled-call/search?filter[project_id]=${f.projectId}` }),
    answers: staff(200),
  },
};

let t: TestApp;
const db = () => t.database.db;
const sessions = new Map<Role, { id: number; authorization: string }>();
let ip = 0;

beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ROLES) {
    const { user, headers } = await signedInAs(t.app, db(), role);
    sessions.set(role, { id: user.id, authorization: headers.authorization });
  }
});
afterAll(() => t.close());

async function freshSession(role: Role) {
  const userId = sessions.get(role)?.id as number;
  const { token } = await createSession(db(), { userId, remember: false, now: new Date() });
  return `Bearer ${token}`;
}

/** A token of the caller (own) or of another user (other). */
async function newAccessToken(f: Fixture) {
  const userId =
    f.scope === 'own' && f.caller !== null ? f.caller : (await buildUser(db(), { role: 'client' })).id;
  const now = new Date();
  const { row } = await createAccessToken(db(), {
    userId,
    name: 'Matrix',
    scope: 'read',
    expiresAt: new Date(now.getTime() + 86_400_000),
    now,
  });
  return row.id;
}

async function newInvitation(projectId: number) {
  const [row] = await db()
    .insert(invitations)
    .values({
      email: `pending-${unique()}@example.com`,
      projectId,
      tokenHash: `matrix-${unique()}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: invitations.id });
  return row!.id;
}

async function newRepository(projectId: number) {
  const [row] = await db()
    .insert(repositories)
    .values({ projectId, provider: 'gitlab', name: `acme/repo-${unique()}` })
    .returning();
  return row!.id;
}

async function newFile(projectId: number) {
  return (await buildFile(db(), { projectId, title: 'spec.txt' })).id;
}

/** A live feed token (own) or one a reset has replaced (other). */
async function feedToken(f: Fixture) {
  const staffCaller = f.caller !== null && f.who !== 'client';
  const userId = staffCaller ? (f.caller as number) : (sessions.get('projectManager')?.id as number);
  const first = await resetFeed(db(), userId, new Date());
  if (f.scope === 'own') return first;
  await resetFeed(db(), userId, new Date());
  return first;
}

let callHour = 0;
/** A booked call of the fixture's project, booked by its owner, an hour from every other (far ahead). */
async function newCall(f: Fixture) {
  const [row] = await db()
    .insert(scheduledCalls)
    .values({
      projectId: f.projectId,
      userId: f.userId,
      scheduledAt: new Date(Date.UTC(2040, 0, 1) + ++callHour * 3_600_000),
      timezone: 'UTC',
      status: 'booked',
      icsUid: `matrix-${unique()}`,
    })
    .returning({ id: scheduledCalls.id });
  return row!.id;
}

async function newDeveloper(projectId: number) {
  const developer = await buildUser(db(), { role: 'developer' });
  await db().insert(projectMembers).values({ projectId, userId: developer.id, kind: 'developer' });
  return developer.id;
}

async function newMessage(projectId: number, authorId: number) {
  const [row] = await db().insert(messages).values({ projectId, authorId, body: 'Hi' }).returning();
  return row!.id;
}

async function newLink(projectId?: number, createdById?: number | null) {
  const [link] = await db()
    .insert(links)
    .values({ title: 'Spec', url: 'https://example.com', createdById: createdById ?? null })
    .returning();
  if (projectId) await db().insert(projectLinks).values({ projectId, linkId: link!.id });
  return link!.id;
}

const MEMBER_KIND: Partial<Record<Role, string>> = {
  developer: 'developer',
  projectManager: 'projectManager',
};

/** A project with a company, a file, a developer with a reminder setting, and an avatar image. */
async function buildFixture(who: Who, scope: Scope): Promise<Fixture> {
  const caller = who === 'anonymous' ? null : (sessions.get(who) ?? null);
  const own = scope === 'own' && caller !== null;
  const company = await buildCompany(db());
  const owner = own && who === 'client' ? caller.id : (await buildUser(db(), { role: 'client' })).id;
  await db().update(users).set({ companyId: company.id }).where(eq(users.id, owner));
  const project = await buildProject(db(), {
    ownerId: owner,
    companyId: company.id,
    ...(own && who === 'accountManager' ? { accountManagerId: caller.id } : {}),
  });
  if (own && who !== 'client')
    await db()
      .insert(projectMembers)
      .values({ projectId: project.id, userId: caller.id, kind: MEMBER_KIND[who as Role] ?? 'observer' });
  const developer = await buildUser(db(), { role: 'developer' });
  await db()
    .insert(projectMembers)
    .values({ projectId: project.id, userId: developer.id, kind: 'developer' });
  const [setting] = await db()
    .insert(reminderSettings)
    .values({ projectId: project.id, userId: developer.id, isEnabled: 1 })
    .returning();
  const [image] = await db()
    .insert(images)
    .values({ title: 'a.png', mime: 'image/png', size: 1, data: 'AA==' })
    .returning();
  const [task] = await db().insert(tasks).values({ projectId: project.id, title: 'A task' }).returning();
  await db()
    .update(projects)
    .set({ title: `Project of ${who} (${scope})` })
    .where(eq(projects.id, project.id));
  return {
    who,
    scope,
    authorization: caller?.authorization ?? null,
    caller: caller?.id ?? null,
    userId: owner,
    projectId: project.id,
    companyId: company.id,
    fileId: await newFile(project.id),
    developerId: developer.id,
    reminderSettingId: setting!.id,
    imageId: image!.id,
    taskId: task!.id,
  };
}

const fixtures = new Map<string, Promise<Fixture>>();
const fixtureOf = (who: Who, scope: Scope) => {
  const key = `${who}:${scope}`;
  if (!fixtures.has(key)) fixtures.set(key, buildFixture(who, scope));
  return fixtures.get(key) as Promise<Fixture>;
};

async function call(req: Req, f: Fixture) {
  const authorization = req.authorization === undefined ? f.authorization : req.authorization;
  return t.app.inject({
    method: req.method,
    url: req.url,
    remoteAddress: `10.30.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
    headers: {
      ...(req.body === undefined ? {} : { 'content-type': JSON_API }),
      ...req.raw?.headers,
      ...(authorization ? { authorization } : {}),
    },
    ...(req.body === undefined ? {} : { payload: req.body as Record<string, unknown> }),
    ...(req.raw ? { payload: req.raw.payload } : {}),
  });
}

const openApiOperations = () =>
  Object.entries((t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths).flatMap(
    ([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );

describe('the role × route matrix', () => {
  it('has an expected answer for every operation of the OpenAPI document, and no stale row', () => {
    const operations = openApiOperations();
    expect(
      operations.filter((op) => !(op in MATRIX)),
      'operations with no row',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((op) => !operations.includes(op)),
      'rows of no operation',
    ).toEqual([]);
  });

  it('sends the operations it leaves to another role table to a table that lists them', () => {
    for (const [op, row] of Object.entries(MATRIX)) {
      if (!('coveredBy' in row)) continue;
      const source = readFileSync(new URL(row.coveredBy, import.meta.url), 'utf8');
      const [method, path] = op.split(' ') as [string, string];
      const named = [`${method} ${path}`, `${method} ${path.replace(/^\/api/, '')}`];
      expect(
        named.some((name) => source.includes(name)),
        `${op} in ${row.coveredBy}`,
      ).toBe(true);
    }
  });
});

describe('the security the OpenAPI document declares', () => {
  /** The document's security of an operation: the schemes any one of its alternatives names. */
  const securityOf = (op: string) => {
    const [method, path] = op.split(' ') as [string, string];
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> })
      .paths;
    return (paths[path]?.[method.toLowerCase()]?.security ?? []).flatMap((s) => Object.keys(s as object));
  };

  it('asks for a session exactly where a visitor is refused with 401 (none on the public operations)', () => {
    const wrong: string[] = [];
    // Rows whose role table lives elsewhere say nothing of a visitor here; the rows that call do.
    for (const [op, row] of ROWS) {
      const visitor = row.answers.anonymous.own;
      // A feed, a signed link or a git webhook answers a visitor 401 for a wrong secret, not for no session.
      const needsSession = visitor === 401 && !isKeyFreePath(op.split(' ')[1]!);
      const declared = securityOf(op);
      const declaresSession = declared.includes('bearerToken') && declared.includes('sessionCookie');
      if (needsSession !== declaresSession) wrong.push(`${op}: visitor ${visitor}, security [${declared}]`);
    }
    expect(wrong).toEqual([]);
  });
});

const ROWS = Object.entries(MATRIX).filter(
  (entry): entry is [string, Extract<Row, { request: unknown }>] => 'request' in entry[1],
);

describe.each(ROWS)('%s', (_op, row) => {
  it.each(WHO)('as %s, on their own and on someone else’s resources', async (who) => {
    for (const scope of ['own', 'other'] as const) {
      const f = await fixtureOf(who, scope);
      const res = await call(await row.request(f), f);
      const cell = row.answers[who][scope];
      const allowed = typeof cell === 'number' ? [cell] : cell;
      expect(allowed, `${scope}: ${res.statusCode} ${res.body.slice(0, 300)}`).toContain(res.statusCode);
    }
  });
});

/**
 * User management, actor role × target role: no role may deactivate, edit or change the role of a user
 * of a higher role (superAdmin above admin above the other staff above a client); only admin-level users
 * manage users at all. Every pair gets its own target, since a deactivation is final.
 */
describe('user management: DELETE and PATCH /api/user/{id}, every actor role × every target role', () => {
  const RANK: Record<Role, number> = {
    client: 0,
    developer: 1,
    projectManager: 1,
    accountManager: 1,
    readonlyManager: 1,
    assistant: 1,
    admin: 2,
    superAdmin: 3,
  };
  const manages = (actor: Role, target: Role) => ADMINS.includes(actor) && RANK[actor] >= RANK[target];
  const editBody = (name: string, login: string, email: string, role?: Role) =>
    doc('user', { name, login, email, phone: '+14155550199', ...(role ? { role } : {}) });

  it.each(ROLES)('as %s', async (actorRole) => {
    const caller = sessions.get(actorRole) as { id: number; authorization: string };
    const failures: string[] = [];
    for (const targetRole of ROLES) {
      const allowed = manages(actorRole, targetRole);
      const target = async () => buildUser(db(), { role: targetRole });
      const send = (method: Method, id: number, body?: unknown) =>
        t.app.inject({
          method,
          url: `/api/user/${id}`,
          remoteAddress: `10.31.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
          headers: { authorization: caller.authorization, ...(body ? { 'content-type': JSON_API } : {}) },
          ...(body ? { payload: body as Record<string, unknown> } : {}),
        });
      const check = async (what: string, res: { statusCode: number; body: string }, ok: number) => {
        const want = allowed ? ok : 403;
        if (res.statusCode !== want)
          failures.push(`${what} ${targetRole}: ${res.statusCode} (want ${want}) ${res.body.slice(0, 120)}`);
      };

      const edited = await target();
      await check(
        'PATCH (name)',
        await send('PATCH', edited.id, editBody('Renamed', edited.login, edited.email)),
        200,
      );
      const demoted = await target();
      const otherRole: Role = targetRole === 'assistant' ? 'developer' : 'assistant';
      await check(
        `PATCH (role → ${otherRole})`,
        await send('PATCH', demoted.id, editBody(demoted.name, demoted.login, demoted.email, otherRole)),
        200,
      );
      const deleted = await target();
      await check('DELETE', await send('DELETE', deleted.id), 204);
      // A refusal leaves the user as they were: active, same role.
      const [after] = await db()
        .select({ role: users.role, isActive: users.isActive })
        .from(users)
        .where(eq(users.id, allowed ? edited.id : deleted.id));
      if (!allowed && (!after?.isActive || after.role !== targetRole))
        failures.push(`refused DELETE ${targetRole} still changed the user: ${JSON.stringify(after)}`);
    }
    expect(failures).toEqual([]);
  });
});
