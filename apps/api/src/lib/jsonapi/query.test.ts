import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import { type ListRules, pageCount, parseListQuery } from './query.ts';

const rules: ListRules = {
  filters: { 'project.title': ['like'], 'project.id': ['='], 'project.created': ['>=', '<='] },
  sorts: ['id', 'title', 'created'],
  includes: ['client', 'owner'],
  defaultSort: '-created',
};
const admin = { id: 1, role: 'admin' } as const;

describe('parseListQuery', () => {
  it('applies the defaults: page 1, size 15, default sort', () => {
    expect(parseListQuery({}, rules, admin)).toEqual({
      page: 1,
      size: 15,
      sort: [{ field: 'created', desc: true }],
      filters: [],
      include: [],
    });
  });

  it('reads docs/product.md filter triples, sorts and includes', () => {
    const q = parseListQuery(
      {
        page: { page: '3', size: '15' },
        sort: 'title,-id',
        include: 'client,owner',
        filter: {
          '0': { '0': 'like', '1': 'project.title', '2': 'shop' },
          '1': { '0': '>=', '1': 'project.created', '2': '2026-01-01' },
        },
      },
      rules,
      admin,
    );
    expect(q.page).toBe(3);
    expect(q.sort).toEqual([
      { field: 'title', desc: false },
      { field: 'id', desc: true },
    ]);
    expect(q.include).toEqual(['client', 'owner']);
    expect(q.filters).toEqual([
      { op: 'like', field: 'project.title', value: 'shop' },
      { op: '>=', field: 'project.created', value: '2026-01-01' },
    ]);
  });

  it.each([
    [{ page: { page: '-1' } }, 'page[page]'],
    [{ page: { size: '1000' } }, 'page[size]'],
    [{ page: { size: 'null' } }, 'page[size]'],
    [{ sort: 'passwordHash' }, 'sort'],
    [{ include: 'passwordHash' }, 'include'],
    [{ filter: { '0': { '0': 'ilike', '1': 'project.title', '2': 'x' } } }, 'filter[0][0]'],
    [{ filter: { '0': { '0': 'like', '1': 'password_hash', '2': 'x' } } }, 'filter[0][1]'],
    [{ filter: { '0': { '0': 'like', '1': 'project.id', '2': '1' } } }, 'filter[0][0]'],
  ])('refuses %j with a 400 naming %s', (raw, parameter) => {
    try {
      parseListQuery(raw as Record<string, unknown>, rules, admin);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).details[0]?.parameter).toBe(parameter);
    }
  });

  it('refuses a filter or sort on a contact field to a role that may not read contacts', () => {
    const contactRules: ListRules = {
      ...rules,
      filters: { 'client.phone': ['like'] },
      sorts: ['id', 'owner.phone'],
      defaultSort: 'id',
    };
    const readonly = { id: 2, role: 'readonlyManager' } as const;
    const filter = { filter: { '0': { '0': 'like', '1': 'client.phone', '2': '555' } } };
    expect(() => parseListQuery(filter, contactRules, readonly)).toThrow(AppError);
    expect(() => parseListQuery({ sort: '-owner.phone' }, contactRules, readonly)).toThrow(AppError);
    expect(parseListQuery(filter, contactRules, admin).filters).toHaveLength(1);
  });

  it('allows unlimited lists only where the resource says so', () => {
    expect(
      parseListQuery({ page: { size: '0' } }, { ...rules, allowUnlimited: true }, admin).size,
    ).toBeNull();
  });

  it('counts pages', () => {
    expect(pageCount(0, 15)).toBe(0);
    expect(pageCount(16, 15)).toBe(2);
    expect(pageCount(7, null)).toBe(1);
  });
});
