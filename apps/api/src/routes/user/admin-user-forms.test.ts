import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, techs, users, userTechs } from '../../db/schema/index.ts';
import { buildCompany, buildTeam, buildUser, signedInAs, signIn } from '../../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Record<string, string>;
let techIds: number[];
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedInAs(t.app, t.database.db, 'admin')).headers;
  techIds = (await t.database.db.select({ id: techs.id }).from(techs).limit(3)).map((r) => r.id);
});
afterAll(() => t.close());

let ip = 0;
type Rels = Record<string, { data: Array<{ type: string; id: string }> }>;
const refs = (type: string, ids: number[]) => ({ data: ids.map((id) => ({ type, id: String(id) })) });

const patchUser = (id: number, attributes: Record<string, unknown>, relationships?: Rels, headers = admin) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/user/${id}`,
    remoteAddress: `10.30.0.${++ip % 250}`,
    headers: { ...headers, 'content-type': JSON_API },
    payload: { data: { type: 'user', id: String(id), attributes, relationships } },
  });

const createUser = (attributes: Record<string, unknown>, relationships?: Rels, headers = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/create',
    headers: { ...headers, 'content-type': JSON_API },
    payload: { data: { type: 'user', attributes, relationships } },
  });

const fresh = async (id: number) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const teamIdsOf = async (id: number) =>
  (await t.database.db.select().from(teamMembers).where(eq(teamMembers.userId, id))).map((r) => r.teamId);
const techIdsOf = async (id: number) =>
  (await t.database.db.select().from(userTechs).where(eq(userTechs.userId, id))).map((r) => r.techId).sort();

const base = (u: { name: string; login: string; email: string }) => ({
  name: u.name,
  login: u.login,
  email: u.email,
  phone: '',
});

describe('PATCH /api/user/{id} (edit user)', () => {
  it('GET gives the edit form everything it shows, with docs/product.md includes', async () => {
    const company = await buildCompany(t.database.db);
    const user = await buildUser(t.database.db, { role: 'client', companyId: company.id });
    const res = await t.app.inject({
      url: `/api/user/${user.id}?include=role,company,techs,tech,team,ownProject`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.attributes).toMatchObject({ name: user.name, login: user.login, role: 'client' });
    expect(body.data.relationships.company.data).toEqual({ type: 'company', id: String(company.id) });
    expect(body.included).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'company', id: String(company.id) })]),
    );
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('changes the role and sets the developer extras: teams and tech expertise', async () => {
    const user = await buildUser(t.database.db, { role: 'client' });
    const team = await buildTeam(t.database.db);
    const res = await patchUser(
      user.id,
      { ...base(user), role: 'developer', phone: '+14155550101', timezone: 'Europe/Paris' },
      { team: refs('team', [team.id]), tech: refs('tech', techIds.slice(0, 2)) },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ role: 'developer', phone: '+14155550101' });
    const row = await fresh(user.id);
    expect(row).toMatchObject({ role: 'developer', timezone: 'Europe/Paris', phone: '+14155550101' });
    expect(await teamIdsOf(user.id)).toEqual([team.id]);
    expect(await techIdsOf(user.id)).toEqual(techIds.slice(0, 2).sort());
  });

  it('a projectManager keeps teams but loses techs; a client gets a company and loses both', async () => {
    const team = await buildTeam(t.database.db);
    const user = await buildUser(t.database.db, { role: 'developer' });
    await patchUser(user.id, base(user), { team: refs('team', [team.id]), tech: refs('tech', techIds) });
    expect((await patchUser(user.id, { ...base(user), role: 'projectManager' })).statusCode).toBe(200);
    expect(await teamIdsOf(user.id)).toEqual([team.id]);
    expect(await techIdsOf(user.id)).toEqual([]);
    const company = await buildCompany(t.database.db);
    const res = await patchUser(
      user.id,
      { ...base(user), role: 'client' },
      { company: refs('company', [company.id]) },
    );
    expect(res.statusCode).toBe(200);
    expect(await fresh(user.id)).toMatchObject({ role: 'client', companyId: company.id });
    expect(await teamIdsOf(user.id)).toEqual([]);
  });

  it('ignores an empty role choice', async () => {
    const user = await buildUser(t.database.db, { role: 'assistant' });
    expect((await patchUser(user.id, { ...base(user), role: '' })).statusCode).toBe(200);
    expect((await fresh(user.id)).role).toBe('assistant');
  });

  it('keeps the old login unless the new one is longer than 3, the old e-mail unless longer than 5', async () => {
    const user = await buildUser(t.database.db);
    await patchUser(user.id, { ...base(user), login: 'abc' });
    expect((await fresh(user.id)).login).toBe(user.login);
    await patchUser(user.id, { ...base(user), email: 'a@b.c' });
    expect((await fresh(user.id)).email).toBe(user.email);
    // A longer e-mail of someone else is only asked for: the new address must confirm it (email-change).
    const res = await patchUser(user.id, {
      ...base(user),
      login: `new${user.id}`,
      email: `new${user.id}@example.com`,
    });
    expect(res.json().meta).toEqual({ 'email-confirmation-sent-to': `new${user.id}@example.com` });
    expect(await fresh(user.id)).toMatchObject({ login: `new${user.id}`, email: user.email });
  });

  it("applies the product's minimums and messages; an empty phone is allowed and clears it", async () => {
    const user = await buildUser(t.database.db);
    const res = await patchUser(user.id, { name: 'A', login: 'x', email: 'not-mail', phone: '12' });
    expect(res.statusCode).toBe(422);
    const byPointer = Object.fromEntries(
      (res.json().errors as Array<{ title: string; source: { pointer: string } }>).map((e) => [
        e.source.pointer,
        e.title,
      ]),
    );
    expect(byPointer).toEqual({
      '/data/attributes/name': 'Minimum 2 characters',
      '/data/attributes/login': 'Minimum 2 characters',
      '/data/attributes/email': 'Invalid email',
      '/data/attributes/phone': 'Minimum 3 characters',
    });
    expect((await patchUser(user.id, base(user))).statusCode).toBe(200);
    expect((await fresh(user.id)).phone).toBeNull();
  });

  it("refuses another user's e-mail or login", async () => {
    const other = await buildUser(t.database.db);
    const user = await buildUser(t.database.db);
    const email = await patchUser(user.id, { ...base(user), email: other.email.toUpperCase() });
    expect(email.statusCode).toBe(422);
    expect(firstError(email)).toMatchObject({
      title: 'Email is already taken',
      source: { pointer: '/data/attributes/email' },
    });
    const login = await patchUser(user.id, { ...base(user), login: other.login });
    expect(firstError(login)).toMatchObject({ title: 'Login is already taken' });
  });

  it('rejects unknown teams, techs and companies with 422, not 500', async () => {
    const user = await buildUser(t.database.db, { role: 'developer' });
    const res = await patchUser(user.id, base(user), { team: refs('team', [999_999]) });
    expect(res.statusCode).toBe(422);
    expect(firstError(res)?.source?.pointer).toBe('/data/relationships/team');
  });

  it('stores an uploaded avatar url', async () => {
    const user = await buildUser(t.database.db);
    expect((await patchUser(user.id, { ...base(user), avatar: '/api/image/12' })).statusCode).toBe(200);
    expect((await fresh(user.id)).avatar).toBe('/api/image/12');
  });

  it("a role change takes effect on that user's next request", async () => {
    const user = await buildUser(t.database.db, { role: 'developer' });
    const { authorization } = await signIn(t.app, user.login);
    const search = () => t.app.inject({ url: '/api/user/search', headers: { authorization } });
    expect((await search()).statusCode).toBe(403);
    expect((await patchUser(user.id, { ...base(user), role: 'admin' })).statusCode).toBe(200);
    expect((await search()).statusCode).toBe(200);
  });

  it('only a superAdmin may edit a superAdmin or grant that role', async () => {
    const top = await buildUser(t.database.db, { role: 'superAdmin' });
    expect((await patchUser(top.id, base(top))).statusCode).toBe(403);
    const user = await buildUser(t.database.db, { role: 'assistant' });
    expect((await patchUser(user.id, { ...base(user), role: 'superAdmin' })).statusCode).toBe(403);
    const grand = (await signedInAs(t.app, t.database.db, 'superAdmin')).headers;
    expect(
      (await patchUser(user.id, { ...base(user), role: 'superAdmin' }, undefined, grand)).statusCode,
    ).toBe(200);
  });

  it('a deactivated or missing user is 404', async () => {
    const user = await buildUser(t.database.db, { isActive: false });
    expect((await patchUser(user.id, base(user))).statusCode).toBe(404);
    expect((await patchUser(2_000_000, base(user))).statusCode).toBe(404);
  });
});

describe('POST /api/user/create', () => {
  let n = 0;
  const person = () => ({
    name: 'New Person',
    email: `new${++n}@example.com`,
    password: 'secret-1',
    phone: '+14155550155',
  });

  it('creates a developer with teams and techs who can sign in with the e-mail', async () => {
    const team = await buildTeam(t.database.db);
    const attrs = { ...person(), role: 'developer', timezone: 'UTC' };
    const res = await createUser(attrs, { team: refs('team', [team.id]), techs: refs('tech', techIds) });
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.json().data.id);
    expect(await fresh(id)).toMatchObject({ role: 'developer', login: attrs.email, email: attrs.email });
    expect(await teamIdsOf(id)).toEqual([team.id]);
    expect(await techIdsOf(id)).toEqual([...techIds].sort());
    expect((await signIn(t.app, attrs.email, 'secret-1')).token).toBeTruthy();
  });

  it('a client gets a company; a project manager a team; other extras are ignored', async () => {
    const company = await buildCompany(t.database.db);
    const team = await buildTeam(t.database.db);
    const client = await createUser(
      { ...person(), role: 'client' },
      { company: refs('company', [company.id]), team: refs('team', [team.id]) },
    );
    const clientId = Number(client.json().data.id);
    expect((await fresh(clientId)).companyId).toBe(company.id);
    expect(await teamIdsOf(clientId)).toEqual([]);
    const pm = await createUser({ ...person(), role: 'projectManager' }, { team: refs('team', [team.id]) });
    expect(await teamIdsOf(Number(pm.json().data.id))).toEqual([team.id]);
  });

  it("applies the product's rules: minimums, required, numeric zero, taken e-mail", async () => {
    const bad = await createUser({
      role: 'developer',
      name: '0',
      email: '0',
      password: '000000',
      phone: '1',
    });
    expect(bad.statusCode).toBe(422);
    const pointers = (bad.json().errors as Array<{ source: { pointer: string } }>).map(
      (e) => e.source.pointer,
    );
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/data/attributes/name',
        '/data/attributes/email',
        '/data/attributes/password',
        '/data/attributes/phone',
      ]),
    );
    const missingRole = await createUser({ ...person() });
    expect(firstError(missingRole)?.source?.pointer).toBe('/data/attributes/role');
    const existing = await buildUser(t.database.db);
    const taken = await createUser({ ...person(), role: 'client', email: existing.email });
    expect(firstError(taken)).toMatchObject({
      title: 'Email is already taken',
      source: { pointer: '/data/attributes/email' },
    });
  });

  it('an admin cannot create a superAdmin', async () => {
    expect((await createUser({ ...person(), role: 'superAdmin' })).statusCode).toBe(403);
  });
});
