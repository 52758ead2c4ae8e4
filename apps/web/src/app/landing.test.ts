import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../features/auth/api/get-session.ts';
import { parseProjectId } from './guards.tsx';
import { landingPathFor } from './root-redirect.tsx';

const user = (overrides: Partial<SessionUser>): SessionUser => ({
  id: 1,
  name: 'Ada',
  login: 'ada',
  email: 'ada@example.com',
  avatar: null,
  role: 'client',
  lastProjectId: null,
  newestProjectId: null,
  ...overrides,
});

describe('root redirect (docs/product.md §C2)', () => {
  it('sends visitors to sign in', () => {
    expect(landingPathFor(null)).toBe('/login/signin');
  });

  it('sends a client to the last visited project, else the newest own one, else get-started', () => {
    expect(landingPathFor(user({ lastProjectId: 4, newestProjectId: 9 }))).toBe('/project/daily-updates/4');
    expect(landingPathFor(user({ newestProjectId: 9 }))).toBe('/project/daily-updates/9');
    expect(landingPathFor(user({}))).toBe('/get-started');
  });

  it('sends every other role to the projects table', () => {
    for (const role of ['superAdmin', 'admin', 'developer', 'readonlyManager', 'assistant'] as const) {
      expect(landingPathFor(user({ role, lastProjectId: 4 }))).toBe('/projects-table');
    }
  });
});

describe('project id in the path', () => {
  it('accepts positive integers only', () => {
    expect(parseProjectId('12')).toBe(12);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '12abc', '01', '99999999999999999999']) {
      expect(parseProjectId(bad)).toBeNull();
    }
  });
});
