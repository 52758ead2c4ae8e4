import { describe, expect, it } from 'vitest';
import {
  PROJECT_FILTER_FIELDS,
  projectFilterSchema,
  projectFilterTriples,
  toFilterParams,
  USER_FILTER_FIELDS,
  userFilterSchema,
  userFilterTriples,
} from './filters.ts';
import { errorsOf } from './test-helpers.ts';

const TODAY = '2026-11-22';

describe('project filter', () => {
  it('drops empty fields and coerces numbers', () => {
    expect(
      projectFilterSchema(TODAY).parse({ title: ' shop ', id: '12', client: '', status: '', size: '3' }),
    ).toEqual({
      title: 'shop',
      id: 12,
      client: undefined,
      status: undefined,
      size: 3,
    });
  });

  it('refuses future dates and a To before From', () => {
    expect(errorsOf(projectFilterSchema(TODAY), { createdFrom: '2026-11-23' })).toEqual({
      createdFrom: ['Date cannot be in the future'],
    });
    expect(
      errorsOf(projectFilterSchema(TODAY), { createdFrom: '2026-11-10', createdTo: '2026-11-09' }),
    ).toEqual({
      createdTo: ['To date cannot be before From date'],
    });
    expect(
      projectFilterSchema(TODAY).safeParse({ createdFrom: '2026-11-10', createdTo: TODAY }).success,
    ).toBe(true);
  });

  it('builds triples with docs/product.md field names, using only allowed operators', () => {
    const triples = projectFilterTriples({
      title: 'shop',
      id: 12,
      client: 'ann',
      phone: '555',
      status: 2,
      size: 3,
      createdFrom: '2026-11-01',
      createdTo: '2026-11-02',
    });
    expect(triples).toEqual([
      ['like', 'project.title', 'shop'],
      ['=', 'project.id', '12'],
      ['like', 'client.name', 'ann'],
      ['like', 'client.phone', '555'],
      ['=', 'state.id', '2'],
      ['=', 'size.id', '3'],
      ['>=', 'project.created', '2026-11-01 00:00:00'],
      ['<=', 'project.created', '2026-11-02 23:59:59'],
    ]);
    for (const [op, field] of triples) {
      expect(PROJECT_FILTER_FIELDS[field as keyof typeof PROJECT_FILTER_FIELDS]).toContain(op);
    }
  });
});

describe('user filter', () => {
  it('ignores an empty role and rejects an unknown one', () => {
    expect(userFilterSchema(TODAY).parse({ role: '' }).role).toBeUndefined();
    expect(userFilterSchema(TODAY).safeParse({ role: 'boss' }).success).toBe(false);
  });

  it('refuses a future Registered To', () => {
    expect(Object.keys(errorsOf(userFilterSchema(TODAY), { createdTo: '2027-01-01' }))).toEqual([
      'createdTo',
    ]);
  });

  it('builds triples with docs/product.md field names', () => {
    const triples = userFilterTriples({
      role: 'developer',
      name: 'ann',
      email: 'x.io',
      id: 4,
      phone: '55',
      team: 'Falcons',
      project: 'Shop',
      createdFrom: '2026-01-01',
      createdTo: undefined,
    });
    expect(triples.map((t) => t[1])).toEqual([
      'role.item_name',
      'user.name',
      'user.email',
      'user.id',
      'user.phone',
      'team.title',
      'ownProject.title',
      'user.created',
    ]);
    for (const [op, field] of triples) {
      expect(USER_FILTER_FIELDS[field as keyof typeof USER_FILTER_FIELDS]).toContain(op);
    }
  });
});

describe('toFilterParams', () => {
  it('numbers the triples as filter[i][0..2]', () => {
    expect(toFilterParams({ kind: 'project', filter: { title: 'shop', status: 2 } })).toEqual({
      'filter[0][0]': 'like',
      'filter[0][1]': 'project.title',
      'filter[0][2]': 'shop',
      'filter[1][0]': '=',
      'filter[1][1]': 'state.id',
      'filter[1][2]': '2',
    });
    expect(toFilterParams({ kind: 'user', filter: { role: 'client' } })).toEqual({
      'filter[0][0]': '=',
      'filter[0][1]': 'role.item_name',
      'filter[0][2]': 'client',
    });
    expect(toFilterParams([['=', 'project.id', '1']])).toEqual({
      'filter[0][0]': '=',
      'filter[0][1]': 'project.id',
      'filter[0][2]': '1',
    });
    expect(toFilterParams({ kind: 'project', filter: {} })).toEqual({});
  });
});
