import { describe, expect, it } from 'vitest';
import { scrubText, serializeError, serializeRequest } from './log-safety.ts';

describe('log safety', () => {
  it("keeps a pg unique violation's name and constraint, never its detail or drizzle's params", () => {
    const pgError = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_uq"'),
      {
        code: '23505',
        constraint: 'users_email_uq',
        table: 'users',
        detail: 'Key (lower(email))=(ann@example.com) already exists.',
      },
    );
    const queryError = Object.assign(
      new Error(
        'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: ann@example.com,$argon2id$v=19$m=19456,t=2,p=1$abc$def',
      ),
      { query: 'insert into "users"', params: ['ann@example.com', '$argon2id$v=19$abc'], cause: pgError },
    );
    const logged = serializeError(queryError);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('ann@example.com');
    expect(text).not.toContain('argon2');
    expect(logged.message).toBe(
      'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: [redacted]',
    );
    expect(logged.cause).toMatchObject({ code: '23505', constraint: 'users_email_uq', table: 'users' });
    expect(logged).not.toHaveProperty('params');
    expect(logged.cause).not.toHaveProperty('detail');
  });

  it('scrubs e-mails, hashes, tokens and phone numbers from free text', () => {
    expect(
      scrubText('to bob@example.com token Zq9xV3cT7mK2pL8wR4nB6yH1jD5fG0sAeUiOo_-QwEr phone +1 555 867 5309'),
    ).toBe('to [email] token [secret] phone [number]');
  });

  it('logs a request path without its query string', () => {
    expect(serializeRequest({ method: 'GET', url: '/api/invitation/my?token=abc', ip: '10.0.0.1' })).toEqual({
      method: 'GET',
      url: '/api/invitation/my?[redacted]',
      remoteAddress: '10.0.0.1',
      remotePort: undefined,
    });
  });
});
