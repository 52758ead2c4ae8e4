import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildUser, DEFAULT_PASSWORD, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 41 finding 5: logins and e-mails are one case-insensitive space (docs/product.md §F4,
 * docs/adr/0043-one-identity-space.md). One person's e-mail must never equal another's login name, or
 * signing in as that value would pick either account.
 */
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await withSessionAs(t.database.db, 'admin')).headers;
});
afterAll(() => t.close());

const tag = () => randomBytes(4).toString('hex');
let ip = 0;
const patchUser = (id: number, attributes: Record<string, unknown>, headers: Record<string, string>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/user/${id}`,
    remoteAddress: `10.43.0.${++ip % 250}`,
    headers: { ...headers, 'content-type': JSON_API },
    payload: { data: { type: 'user', id: String(id), attributes } },
  });
const signIn = (login: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authorization/login',
    remoteAddress: `10.44.0.${++ip % 250}`,
    headers: { 'content-type': JSON_API },
    payload: { data: { type: 'user', attributes: { login, password } } },
  });
const base = (u: { name: string; login: string; email: string }) => ({
  name: u.name,
  login: u.login,
  email: u.email,
  phone: '',
});

describe('one uniqueness space for logins and e-mails', () => {
  it("a user's own new e-mail cannot be another user's login name, and sign-in stays with its owner", async () => {
    const captured = `owner-${tag()}@demo.test`;
    const holder = await buildUser(t.database.db, { login: captured, email: `moved-${tag()}@example.com` });
    const attackerPassword = 'attacker-password-41';
    const { user: attacker, headers } = await withSessionAs(t.database.db, 'admin', {
      password: attackerPassword,
    });
    const res = await patchUser(attacker.id, { ...base(attacker), email: captured.toUpperCase() }, headers);
    expect(res.statusCode).toBe(422);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, attacker.id));
    expect(after!.email).toBe(attacker.email);
    expect((await signIn(captured, attackerPassword)).statusCode).toBe(422);
    const holderIn = await signIn(captured, DEFAULT_PASSWORD);
    expect(holderIn.statusCode).toBe(200);
    expect(holderIn.json().data.id).toBe(String(holder.id));
  });

  it("an admin cannot give someone a login name that is another user's e-mail", async () => {
    const other = await buildUser(t.database.db);
    const user = await buildUser(t.database.db);
    const res = await patchUser(user.id, { ...base(user), login: other.email.toUpperCase() }, admin);
    expect(res.statusCode).toBe(422);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.login).toBe(user.login);
  });

  it('the database refuses an e-mail equal to another login, or a login equal to another e-mail', async () => {
    const holder = await buildUser(t.database.db, { login: `held-${tag()}@demo.test` });
    await expect(buildUser(t.database.db, { email: holder.login.toUpperCase() })).rejects.toThrow();
    const second = await buildUser(t.database.db);
    await expect(
      t.database.db.update(users).set({ login: holder.email }).where(eq(users.id, second.id)),
    ).rejects.toThrow();
    await expect(
      t.database.db.update(users).set({ email: holder.login }).where(eq(users.id, second.id)),
    ).rejects.toThrow();
    // One user's own login and e-mail may be the same value.
    const same = `same-${tag()}@example.com`;
    const own = await buildUser(t.database.db, { login: same, email: same });
    await t.database.db.update(users).set({ login: same.toUpperCase() }).where(eq(users.id, own.id));
  });
});
