import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectBudgets, projectStates, users } from '../../db/schema/index.ts';
import { buildProject, buildUser, signedInAs } from '../../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

/**
 * Phones (docs/product.md §F13): every form that takes one checks it is a real number, stores it as E.164
 * and keeps the spec's messages; a stored number that is no valid number still reads back as it was.
 */
let t: TestApp;
let admin: Record<string, string>;
let lookups: { stateId: number; budgetId: number };
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedInAs(t.app, t.database.db, 'admin')).headers;
  const [state] = await t.database.db.select().from(projectStates).limit(1);
  const [budget] = await t.database.db.select().from(projectBudgets).limit(1);
  lookups = { stateId: state!.id, budgetId: budget!.id };
});
afterAll(() => t.close());

let seq = 0;
const freshEmail = () => `phone${++seq}@example.com`;
const nextAddress = () => `10.42.${Math.floor(++seq / 250)}.${seq % 250}`;
const storedPhone = async (email: string) =>
  (await t.database.db.select({ phone: users.phone }).from(users).where(eq(users.email, email)))[0]?.phone;

const createUser = (phone: string, email = freshEmail()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/create',
    remoteAddress: nextAddress(),
    headers: { ...admin, 'content-type': JSON_API },
    payload: {
      data: {
        type: 'user',
        attributes: { role: 'accountManager', name: 'Pat Phone', email, password: 'phone-pass-1', phone },
      },
    },
  });

const wizard = (phone: string, email = freshEmail()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/register-client',
    remoteAddress: nextAddress(),
    headers: { 'content-type': JSON_API },
    payload: {
      data: {
        type: 'user',
        attributes: {
          user: { role: 'client', name: 'Wiz Ard', email, password: 'wizard-pass', phone, timezone: 'UTC' },
          company: { title: 'Phone Co', company_size_id: null },
          project: {
            title: 'Phone Co',
            project_state_id: lookups.stateId,
            project_type_ids: [],
            tech_ids: [],
            project_budget_id: lookups.budgetId,
          },
        },
      },
    },
  });

describe('create user (POST /api/user/create)', () => {
  it('refuses what is no phone number with the spec’s message, on the phone field', async () => {
    for (const phone of ['abc', '555-0100x', '+1 555 0100', '123456']) {
      const res = await createUser(phone);
      expect(res.statusCode, phone).toBe(422);
      expect(firstError(res), phone).toMatchObject({
        title: 'Enter Correct Phone Number',
        source: { pointer: '/data/attributes/phone' },
      });
    }
    // Shorter than the form's minimum: the minimum's message, as before.
    expect(firstError(await createUser('12'))?.title).toBe('Minimum 3 characters');
  });

  it('stores a valid number as E.164 however it was typed; an empty phone stays empty', async () => {
    const typed = ['+1 (415) 555-0199', '1 415 555 0199', '0044 20 7946 4343', '+49 30 12345678'];
    const e164 = ['+14155550199', '+14155550199', '+442079464343', '+493012345678'];
    for (const [i, phone] of typed.entries()) {
      const email = freshEmail();
      const res = await createUser(phone, email);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.attributes.phone).toBe(e164[i]);
      expect(await storedPhone(email)).toBe(e164[i]);
    }
    const email = freshEmail();
    expect((await createUser('', email)).statusCode).toBe(201);
    expect(await storedPhone(email)).toBeNull();
  });
});

describe('edit user (PATCH /api/user/{id})', () => {
  const patch = (user: { id: number; name: string; login: string; email: string }, phone: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/user/${user.id}`,
      remoteAddress: nextAddress(),
      headers: { ...admin, 'content-type': JSON_API },
      payload: {
        data: {
          type: 'user',
          id: String(user.id),
          attributes: { name: user.name, login: user.login, email: user.email, phone },
        },
      },
    });

  it('refuses an invalid number and stores a valid one as E.164', async () => {
    const user = await buildUser(t.database.db, { phone: '+14155550100' });
    const bad = await patch(user, '415 555');
    expect(bad.statusCode).toBe(422);
    expect(firstError(bad)?.title).toBe('Enter Correct Phone Number');
    expect(await storedPhone(user.email)).toBe('+14155550100');

    expect((await patch(user, '+44 20 7946 4343')).statusCode).toBe(200);
    expect(await storedPhone(user.email)).toBe('+442079464343');
    expect((await patch(user, '')).statusCode).toBe(200);
    expect(await storedPhone(user.email)).toBeNull();
  });

  it('reads a stored number that is no valid number back as it was', async () => {
    const user = await buildUser(t.database.db, { phone: 'call reception' });
    const res = await t.app.inject({ url: `/api/user/${user.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.phone).toBe('call reception');
  });
});

describe('the wizard (POST /api/user/register-client)', () => {
  it('accepts an international number with its punctuation and stores it as E.164', async () => {
    const email = freshEmail();
    const res = await wizard('+1 (415) 555-0199', email);
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedPhone(email)).toBe('+14155550199');
  });

  it('refuses what is no number with the spec’s message', async () => {
    for (const phone of ['abc', '5550100', '0000']) {
      const res = await wizard(phone);
      expect(res.statusCode, phone).toBe(422);
      expect(firstError(res)?.title, phone).toBe('Enter Correct Phone Number');
    }
  });
});

describe("the project owner's details (PATCH /api/user/{id}/details)", () => {
  it('stores the owner’s phone as E.164 and refuses an invalid one', async () => {
    const { user, headers } = await signedInAs(t.app, t.database.db, 'client');
    await buildProject(t.database.db, { ownerId: user.id });
    const save = (phone: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/user/${user.id}/details`,
        remoteAddress: nextAddress(),
        headers,
        payload: { data: { type: 'user', attributes: { name: user.name, email: user.email, phone } } },
      });
    const bad = await save('abc');
    expect(bad.statusCode).toBe(422);
    expect(firstError(bad)?.title).toBe('Enter Correct Phone Number');
    const good = await save('+92 300 1234567');
    expect(good.statusCode, good.body).toBe(200);
    expect(await storedPhone(user.email)).toBe('+923001234567');
  });
});
