import { ROLES, type Role } from '@dd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  images,
  links,
  projectLinks,
  projectMembers,
  reminderSettings,
  users,
} from '../../db/schema/index.ts';
import { buildFile, buildProject, buildUser, signedInAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Who may do what on the project page (docs/product.md §C6), for every role as owner and as non-owner.
 * Written out by hand from docs/product.md, not computed from can(), so a change of rule shows up here.
 */
type Case =
  | 'read'
  | 'edit'
  | 'attach'
  | 'deleteAttachment'
  | 'download'
  | 'postUpdate'
  | 'manageTeam'
  | 'addMember'
  | 'readReminders'
  | 'toggleReminder'
  | 'tour'
  | 'ownProjects';
const STAFF: Role[] = [
  'superAdmin',
  'admin',
  'accountManager',
  'developer',
  'projectManager',
  'readonlyManager',
  'assistant',
];
const TEAM_EDITORS: Role[] = ['superAdmin', 'admin', 'accountManager', 'projectManager'];
const ALLOWED: Record<Case, { owner: Role[]; nonOwner: Role[] }> = {
  read: { owner: [...ROLES], nonOwner: STAFF },
  edit: {
    owner: ['client', 'superAdmin', 'admin', 'projectManager'],
    nonOwner: ['superAdmin', 'admin', 'projectManager'],
  },
  // Attach: admin and superAdmin, or the owner.
  attach: { owner: [...ROLES], nonOwner: ['superAdmin', 'admin'] },
  // Delete: as attach, never readonlyManager.
  deleteAttachment: {
    owner: ROLES.filter((r) => r !== 'readonlyManager'),
    nonOwner: ['superAdmin', 'admin'],
  },
  download: {
    owner: ROLES.filter((r) => r !== 'readonlyManager'),
    nonOwner: STAFF.filter((r) => r !== 'readonlyManager'),
  },
  // ADD UPDATE: hidden for readonlyManager, assistant and client.
  postUpdate: {
    owner: ['superAdmin', 'admin', 'accountManager', 'developer', 'projectManager'],
    nonOwner: ['superAdmin', 'admin', 'accountManager', 'developer', 'projectManager'],
  },
  // Team editing, add-person modals and reminder toggles: docs/product.md hides the roles ("a helper check");
  // ours are admin-level users, project managers and account managers, owner or not.
  manageTeam: { owner: TEAM_EDITORS, nonOwner: TEAM_EDITORS },
  addMember: { owner: TEAM_EDITORS, nonOwner: TEAM_EDITORS },
  readReminders: { owner: TEAM_EDITORS, nonOwner: TEAM_EDITORS },
  toggleReminder: { owner: TEAM_EDITORS, nonOwner: TEAM_EDITORS },
  // The first-visit tour is the owning client's alone.
  tour: { owner: ['client'], nonOwner: [] },
  // The shell's projects strip: clients only, whoever owns the project.
  ownProjects: { owner: ['client'], nonOwner: ['client'] },
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function fixture(role: Role, owner: boolean) {
  const { db } = t.database;
  const { user, headers } = await signedInAs(t.app, db, role);
  const project = await buildProject(db, owner ? { ownerId: user.id } : {});
  const file = await buildFile(db, { projectId: project.id, title: 'spec.txt' });
  const [link] = await db
    .insert(links)
    .values({ title: 'Project link', url: 'https://example.com' })
    .returning();
  await db.insert(projectLinks).values({ projectId: project.id, linkId: link!.id });
  const developer = await buildUser(db, { role: 'developer' });
  await db.insert(projectMembers).values({ projectId: project.id, userId: developer.id, kind: 'developer' });
  const [avatar] = await db
    .insert(images)
    .values({ title: 'a.png', mime: 'image/png', size: 1, data: 'AA==' })
    .returning();
  return {
    user,
    headers,
    project,
    fileId: file.id,
    linkId: link!.id,
    developerId: developer.id,
    avatar: `/api/image/${avatar!.id}`,
  };
}

const ok = (status: number) => status >= 200 && status < 300;

describe.each(ROLES.flatMap((role) => [[role, true] as const, [role, false] as const]))(
  'project page as %s (owner: %s)',
  (role, owner) => {
    const expected = (c: Case) => ALLOWED[c][owner ? 'owner' : 'nonOwner'].includes(role);

    it('reads, edits, attaches, downloads, deletes, posts, edits the team and toggles reminders as allowed', async () => {
      const f = await fixture(role, owner);
      const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
        t.app.inject({
          method,
          url,
          // A body-less request carries no content type, as a browser sends it.
          headers: payload ? f.headers : { authorization: f.headers.authorization },
          ...(payload ? { payload } : {}),
        });
      const outcome: Record<Case, boolean> = {
        read: ok((await inject('GET', `/api/project/${f.project.id}`)).statusCode),
        edit: ok(
          (
            await inject('PATCH', `/api/project/${f.project.id}`, {
              data: { type: 'project', attributes: { title: 'Renamed project' } },
            })
          ).statusCode,
        ),
        attach: ok(
          (
            await inject('POST', `/api/project/${f.project.id}/upload-file`, {
              data: { type: 'file', attributes: { title: 'a.txt', data: 'data:text/plain;base64,aGk=' } },
            })
          ).statusCode,
        ),
        download: ok((await inject('GET', `/api/file/${f.fileId}/download`)).statusCode),
        deleteAttachment: ok(
          (await inject('DELETE', `/api/project/${f.project.id}/link/${f.linkId}`)).statusCode,
        ),
        postUpdate: ok(
          (
            await inject('POST', '/api/project-update/post', {
              data: {
                type: 'project-update',
                attributes: { title: 'update', project_id: f.project.id, description: 'Done' },
              },
            })
          ).statusCode,
        ),
        manageTeam: ok(
          (
            await inject('PATCH', `/api/project/${f.project.id}`, {
              data: {
                type: 'project',
                relationships: { developer: { data: [{ type: 'user', id: String(f.developerId) }] } },
              },
            })
          ).statusCode,
        ),
        addMember: ok(
          (
            await inject('POST', `/api/project/${f.project.id}/team-member`, {
              data: {
                type: 'user',
                attributes: {
                  role: 'projectManager',
                  name: 'New Manager',
                  email: `new-${role}-${owner}@example.com`,
                  avatar: f.avatar,
                },
              },
            })
          ).statusCode,
        ),
        readReminders: ok(
          (
            await inject(
              'GET',
              `/api/reminder-setting/search?filter[project_id]=${f.project.id}&page[size]=null`,
            )
          ).statusCode,
        ),
        toggleReminder: ok(
          (
            await inject('POST', '/api/reminder-setting/create', {
              data: {
                type: 'reminder-setting',
                attributes: { project_id: f.project.id, user_id: f.developerId, is_enabled: 0 },
              },
            })
          ).statusCode,
        ),
        tour: ok((await inject('GET', `/api/project/${f.project.id}/tour-state`)).statusCode),
        ownProjects: ok((await inject('GET', '/api/project/mine')).statusCode),
      };
      const want = Object.fromEntries((Object.keys(ALLOWED) as Case[]).map((c) => [c, expected(c)]));
      expect(outcome).toEqual(want);
      // The data-URL read follows the same rule as the download.
      expect(ok((await inject('GET', `/api/file/${f.fileId}`)).statusCode)).toBe(expected('download'));
      expect(ok((await inject('DELETE', `/api/project/${f.project.id}/file/${f.fileId}`)).statusCode)).toBe(
        expected('deleteAttachment'),
      );
      // A later toggle flips the setting: same rule as the first one.
      const [setting] = await t.database.db
        .insert(reminderSettings)
        .values({ projectId: f.project.id, userId: f.developerId, isEnabled: 0 })
        .onConflictDoUpdate({
          target: [reminderSettings.projectId, reminderSettings.userId],
          set: { isEnabled: 0 },
        })
        .returning();
      const flip = await inject('PATCH', `/api/reminder-setting/${setting!.id}`, {
        data: { type: 'reminder-setting', attributes: { 'is-enabled': 1 } },
      });
      expect(ok(flip.statusCode)).toBe(expected('toggleReminder'));
      const tourSave = await inject('PATCH', `/api/project/${f.project.id}/tour-state`, {
        data: { type: 'tour-state', attributes: { step: 2, visited: true, 'open-modal': false } },
      });
      expect(ok(tourSave.statusCode)).toBe(expected('tour'));
    });
  },
);

describe('remembered visit', () => {
  it('stores the project as the client’s last visited one', async () => {
    const { db } = t.database;
    const { user, headers } = await signedInAs(t.app, db, 'client');
    const project = await buildProject(db, { ownerId: user.id });
    const res = await t.app.inject({ method: 'GET', url: `/api/project/${project.id}`, headers });
    expect(res.statusCode).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastProjectId).toBe(project.id);
    const check = await t.app.inject({ method: 'GET', url: '/api/authorization/check', headers });
    expect(check.json().data.attributes['last-project-id']).toBe(project.id);
  });

  it('answers 404 for a missing project and 401 for a visitor', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/project/999999', headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/project/1' })).statusCode).toBe(401);
  });
});
