import { isContactField, mayReadField, ROLES, type Role } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, withSessionAs } from '../test/factories.ts';
import { buildTestApp, firstError, type TestApp } from '../test/test-app.ts';
import { LIST_PARAMETERS, type ListParameters } from './list-parameters.ts';

/**
 * The phone oracle: a `like` filter or a sort on a field a role does not receive answers, by its total
 * or its order, whether a guess matches. Every list's filters and sorts × every role: a field the role
 * may not read (packages/domain field-visibility.ts, the presenters' rule) answers 400 naming it; every
 * other field is not refused for that reason.
 */
let t: TestApp;
let projectId = 0;
const headersByRole = new Map<Role, Record<string, string>>();
beforeAll(async () => {
  t = await buildTestApp();
  const owner = await buildUser(t.database.db, { role: 'client', phone: '+15551234567' });
  projectId = (await buildProject(t.database.db, { ownerId: owner.id })).id;
  for (const role of ROLES) headersByRole.set(role, (await withSessionAs(t.database.db, role)).headers);
});
afterAll(() => t.close());

const VALUES: Record<string, string> = { '>=': '2020-01-01', '<=': '2030-01-01', like: '555', '=': '1' };

/** The query a list needs whatever else is asked (its required filter, on a real record). */
function base(list: ListParameters): Record<string, string> {
  if (!list.requiredFilter) return {};
  if (list.keyedFilters?.includes(list.requiredFilter))
    return { [`filter[${list.requiredFilter}]`]: String(projectId) };
  return { 'filter[9][0]': '=', 'filter[9][1]': list.requiredFilter, 'filter[9][2]': String(projectId) };
}

type Probe = { list: string; role: Role; kind: 'filter' | 'sort'; field: string };
const probes: Probe[] = [];
for (const [list, parameters] of Object.entries(LIST_PARAMETERS))
  for (const role of ROLES) {
    for (const field of Object.keys(parameters.filters))
      if (field !== parameters.requiredFilter) probes.push({ list, role, kind: 'filter', field });
    for (const field of parameters.sorts) probes.push({ list, role, kind: 'sort', field });
  }

it('the walk meets contact fields on the lists a readonlyManager reads', () => {
  expect(probes.some((p) => p.list === 'GET /api/project/search' && isContactField(p.field))).toBe(true);
});

describe.each(probes)('$list $kind $field as $role', ({ list, role, kind, field }) => {
  it('is refused exactly when the role may not read the field', async () => {
    const parameters = LIST_PARAMETERS[list]!;
    const url = list.slice('GET '.length);
    const query: Record<string, string> =
      kind === 'sort'
        ? { ...base(parameters), sort: `-${field}` }
        : {
            ...base(parameters),
            'filter[0][0]': parameters.filters[field]![0]!,
            'filter[0][1]': field,
            'filter[0][2]': VALUES[parameters.filters[field]![0]!]!,
          };
    const headers = headersByRole.get(role)!;
    const reachable = await t.app.inject({ method: 'GET', url, query: base(parameters), headers });
    const res = await t.app.inject({ method: 'GET', url, query, headers });
    const parameter = kind === 'sort' ? 'sort' : 'filter[0][1]';
    const refusedForField = res.statusCode === 400 && firstError(res)?.source?.parameter === parameter;
    if (reachable.statusCode === 401 || reachable.statusCode === 403) {
      // The list itself is closed to the role: it learns nothing either way.
      expect([401, 403]).toContain(res.statusCode);
      return;
    }
    if (!mayReadField({ id: 1, role }, field)) {
      expect(res.statusCode).toBe(400);
      expect(firstError(res)?.source?.parameter).toBe(parameter);
      expect(firstError(res)?.title).toContain(field);
    } else expect(refusedForField, `${res.statusCode} ${res.body.slice(0, 200)}`).toBe(false);
  });
});
