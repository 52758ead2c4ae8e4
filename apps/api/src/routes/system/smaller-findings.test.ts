import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, projects, tags, users } from '../../db/schema/index.ts';
import { createInvitation } from '../../modules/invitations/create-invitation.ts';
import { buildCompany, buildProject, buildUser, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

/** Issue 11 finding 8, each small hole written as the attack or misuse that showed it. */
let t: TestApp;
let admin: Record<string, string>;
let adminId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const session = await withSessionAs(t.database.db, 'admin');
  admin = session.headers;
  adminId = session.user.id;
});
afterAll(() => t.close());
const db = () => t.database.db;

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, 'content-type': JSON_API },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

describe('partial updates change only what they name', () => {
  it('a company PATCH without company-size-id keeps the size', async () => {
    const company = await buildCompany(db(), { companySizeId: 2 });
    const res = await call('PATCH', `/api/company/${company.id}`, admin, {
      data: { type: 'company', attributes: { title: 'Renamed Inc' } },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(companies).where(eq(companies.id, company.id));
    expect(row).toMatchObject({ title: 'Renamed Inc', companySizeId: 2 });
    // Named as null, it is cleared.
    await call('PATCH', `/api/company/${company.id}`, admin, {
      data: { type: 'company', attributes: { title: 'Renamed Inc', 'company-size-id': null } },
    });
    const [cleared] = await db().select().from(companies).where(eq(companies.id, company.id));
    expect(cleared?.companySizeId).toBeNull();
  });

  it('a project PATCH naming only the title keeps sizes, budget, start, status and description', async () => {
    const project = await buildProject(db(), {
      projectSizeId: 1,
      projectBudgetId: 1,
      projectStartId: 1,
      projectStatusId: 1,
      description: 'Keep me',
    });
    const res = await call('PATCH', `/api/project/${project.id}`, admin, {
      data: { type: 'project', attributes: { title: 'Only the title' } },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({
      title: 'Only the title',
      projectSizeId: 1,
      projectBudgetId: 1,
      projectStartId: 1,
      projectStatusId: 1,
      description: 'Keep me',
    });
  });

  it('a tag PATCH naming the title changes the title only', async () => {
    const project = await buildProject(db());
    const [tag] = await db().insert(tags).values({ title: 'Bug', projectId: project.id }).returning();
    const res = await call('PATCH', `/api/tag/${tag!.id}`, admin, {
      data: { type: 'tag', attributes: { title: 'Defect' } },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(tags).where(eq(tags.id, tag!.id));
    expect(row).toMatchObject({ title: 'Defect', projectId: project.id });
  });
});

describe('every text field is capped', () => {
  it('a link title of 1,000,000 characters is refused with the cap in the message', async () => {
    const res = await call('POST', '/api/link/create', admin, {
      data: { type: 'link', attributes: { title: 'x'.repeat(1_000_000), url: 'https://example.com/spec' } },
    });
    // Over the 1 MB body limit with its envelope, or refused by the cap: never stored.
    expect([413, 422]).toContain(res.statusCode);
    const capped = await call('POST', '/api/link/create', admin, {
      data: { type: 'link', attributes: { title: 'x'.repeat(256), url: 'https://example.com/spec' } },
    });
    expect(capped.statusCode).toBe(422);
    expect(capped.json().errors[0]).toEqual({
      status: '422',
      code: 'unprocessable',
      title: 'Maximum 255 characters',
      source: { pointer: '/data/attributes/title' },
    });
  });

  it('a project update of 1 MB is refused; 20,000 characters are accepted', async () => {
    const project = await buildProject(db());
    const post = (description: string) =>
      call('POST', '/api/project-update/post', admin, {
        data: { type: 'project-update', attributes: { project_id: project.id, description } },
      });
    const huge = await post('u'.repeat(1_000_000));
    expect([413, 422]).toContain(huge.statusCode);
    const over = await post('u'.repeat(20_001));
    expect(over.statusCode).toBe(422);
    expect(over.json().errors[0]).toMatchObject({
      title: 'Maximum 20000 characters',
      source: { pointer: '/data/attributes/description' },
    });
    expect((await post('u'.repeat(20_000))).statusCode).toBe(201);
  });

  it('a project description over 20,000 characters is refused', async () => {
    const project = await buildProject(db());
    const res = await call('PATCH', `/api/project/${project.id}`, admin, {
      data: { type: 'project', attributes: { title: 'Shop', description: 'd'.repeat(20_001) } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source).toEqual({ pointer: '/data/attributes/description' });
  });
});

describe('an invitation is for a visitor', () => {
  it('a signed-in user cannot use it; a visitor can', async () => {
    const project = await buildProject(db());
    const { mail } = await createInvitation(db(), {
      email: 'invitee.visitor@example.com',
      project: { id: project.id, title: project.title },
      invitedBy: { id: adminId, name: 'Admin' },
      now: new Date(),
      publicUrl: 'http://dd.test',
      productName: 'Delivery Desk',
    });
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const body = {
      data: {
        type: 'user',
        attributes: {
          email: 'invitee.visitor@example.com',
          name: 'Invited Person',
          phone: '+14155550123',
          password: 'invited-pass-1',
          token,
        },
      },
    };
    const { headers: client } = await withSessionAs(db(), 'client');
    const signedIn = await call('POST', '/api/authorization/register', client, body);
    expect(signedIn.statusCode).toBe(409);
    expect(signedIn.json().errors[0].title).toBe(
      'You are already signed in. Sign out to accept this invitation',
    );
    const [nobody] = await db().select().from(users).where(eq(users.email, 'invitee.visitor@example.com'));
    expect(nobody).toBeUndefined();

    const visitor = await call('POST', '/api/authorization/register', {}, body);
    expect(visitor.statusCode).toBe(201);
  });
});

describe('headers and bodies', () => {
  it('every answer carries a Permissions-Policy that switches powerful features off', async () => {
    for (const url of ['/api/health', '/api/nope', '/']) {
      const res = await t.app.inject({ url });
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['permissions-policy'], url).toContain('geolocation=()');
      expect(res.headers['permissions-policy'], url).toContain('microphone=()');
    }
  });

  it('a DELETE with a JSON:API content type and no body is accepted', async () => {
    const project = await buildProject(db());
    const [tag] = await db().insert(tags).values({ title: 'Old', projectId: project.id }).returning();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/tag/${tag!.id}`,
      headers: { ...admin, 'content-type': JSON_API },
    });
    expect(res.statusCode).toBe(204);
    // A POST with no body is still refused as an empty body.
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/tag/create',
      headers: { ...admin, 'content-type': JSON_API },
    });
    expect(post.statusCode).toBe(400);
  });

  it('a signed-in user can sign out with the JSON:API content type and no body', async () => {
    const user = await buildUser(db(), { role: 'client' });
    const { headers } = await withSessionAs(db(), 'client', {
      login: `${user.login}-2`,
      email: `x${user.email}`,
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/authorization/logout',
      headers: { authorization: headers.authorization!, 'content-type': JSON_API },
    });
    expect(res.statusCode).toBeLessThan(300);
  });
});
