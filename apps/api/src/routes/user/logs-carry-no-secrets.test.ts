import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

// Issue 11 finding 5: a failed query was logged with every parameter (argon2 hash, e-mail, phone).
// The app logs at `trace` here, so every line any part of it writes is checked.
const logs: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'http://dd.test' }, { logs });
  // A database that refuses one insert with an error the app does not expect: the query fails with
  // every parameter of the insert (name, login, e-mail, phone, the argon2 hash of the password).
  await t.database.db.execute(sql`
    create function refuse_trap_user() returns trigger language plpgsql as $$
    begin
      if new.email like 'trap.%' then raise exception 'disk full while writing %', new.email; end if;
      return new;
    end $$`);
  await t.database.db.execute(
    sql`create trigger refuse_trap_user before insert on users for each row execute function refuse_trap_user()`,
  );
});
afterAll(() => t.close());

const SECRETS = {
  email: 'trap.victim@example.com',
  password: 'Hunter2-very-secret',
  phone: '+1 415 867 5309',
};

/** Every captured line that shows one of the values, or any argon2 hash. */
function leaks(values: string[]): string[] {
  return logs.filter(
    (line) => /\$argon2/.test(line) || values.some((v) => line.toLowerCase().includes(v.toLowerCase())),
  );
}

describe('the server log carries no parameters, hashes, tokens, e-mails, phones or bodies', () => {
  it('a failing query is logged without its parameters', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/create',
      headers,
      payload: {
        data: {
          type: 'user',
          attributes: { name: 'Trapped Person', role: 'developer', timezone: 'UTC', ...SECRETS },
        },
      },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().errors[0].title).toBe('Internal server error');
    // The failure is in the log, named, so the operator can act on it...
    const errorLine = logs.find((line) => line.includes('unhandled error'));
    expect(errorLine).toBeTruthy();
    expect(errorLine).toContain('Failed query');
    expect(errorLine).toContain('users');
    // ...and no line shows the e-mail, the phone, the password or its hash.
    expect(leaks([SECRETS.email, SECRETS.password, SECRETS.phone, 'trap.victim'])).toEqual([]);
  });

  it('token query strings and sign-in bodies stay out of request lines', async () => {
    const token = 'Zq9xV3cT7mK2pL8wR4nB6yH1jD5fG0sAeUiOo_-QwEr';
    await t.app.inject({ url: `/api/authorization/reset-token?token=${token}` });
    await t.app.inject({ url: `/api/invitation/my?token=${token}` });
    await t.app.inject({
      method: 'POST',
      url: '/api/authorization/login',
      remoteAddress: '10.90.0.1',
      headers: { 'content-type': JSON_API },
      payload: { data: { attributes: { login: 'someone@example.com', password: 'Typed-secret-9' } } },
    });
    const admin = await signedInAs(t.app, t.database.db, 'admin');
    await t.app.inject({
      url: '/api/user-search?filter[0][0]=like&filter[0][1]=email&filter[0][2]=someone@example.com',
      headers: admin.headers,
    });
    expect(logs.some((line) => line.includes('/api/authorization/reset-token'))).toBe(true);
    expect(
      leaks([token, 'someone@example.com', 'Typed-secret-9', admin.headers.authorization.slice(7)]),
    ).toEqual([]);
  });

  it('mail lines name the outbox row, never the text or the address', async () => {
    await t.app.mailer.send({
      to: 'reader@example.com',
      subject: 'Hello',
      text: 'Your code is 4242-secret',
      html: '<p>Your code is 4242-secret</p>',
    });
    await t.app.mailer.settled(); // the queued mail is handled, and logged, by its job
    expect(logs.some((line) => line.includes('kept in the outbox only'))).toBe(true);
    expect(leaks(['reader@example.com', '4242-secret'])).toEqual([]);
  });
});
