import { DRAFT_TTL_MS } from '@dd/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearFormDraft, loadFormDraft } from './form-draft.ts';

// The web tests run in node: a Map-backed stand-in for the browser's localStorage.
const store = new Map<string, string>();
globalThis.localStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
  clear: () => store.clear(),
  key: () => null,
  get length() {
    return store.size;
  },
} as Storage;

const save = (savedAt: number, values: unknown) =>
  localStorage.setItem('dd.admin-draft.create-user', JSON.stringify({ savedAt, values }));

describe('admin form drafts', () => {
  beforeEach(() => store.clear());

  it('gives back a draft younger than 24 hours', () => {
    save(1_000, { name: 'Ann' });
    expect(loadFormDraft('create-user', 1_000 + DRAFT_TTL_MS)).toEqual({ name: 'Ann' });
  });

  it('drops a draft older than 24 hours, and a malformed one', () => {
    save(1_000, { name: 'Ann' });
    expect(loadFormDraft('create-user', 1_001 + DRAFT_TTL_MS)).toBeNull();
    expect(store.size).toBe(0);
    localStorage.setItem('dd.admin-draft.create-user', '{not json');
    expect(loadFormDraft('create-user')).toBeNull();
  });

  it('clears a draft after success', () => {
    save(Date.now(), { name: 'Ann' });
    clearFormDraft('create-user');
    expect(loadFormDraft('create-user')).toBeNull();
  });
});
