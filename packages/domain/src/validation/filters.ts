import { z } from 'zod';
import { FALLBACK_MESSAGES } from '../messages.ts';
import { ROLES } from '../roles.ts';
import { idField } from './fields.ts';

/** Filter operators of the list API (docs/product.md §A7, §D4). */
export type FilterOperator = 'like' | '=' | '>=' | '<=';
export type FilterTriple = readonly [operator: FilterOperator, field: string, value: string];

/** Allowed filter fields and the operators each may be used with; the server rejects anything else. */
export const PROJECT_FILTER_FIELDS = {
  'project.title': ['like'],
  'project.id': ['='],
  'client.name': ['like'],
  'client.phone': ['like'],
  'state.id': ['='],
  'size.id': ['='],
  'project.created': ['>=', '<='],
} as const satisfies Record<string, readonly FilterOperator[]>;

export const USER_FILTER_FIELDS = {
  'role.item_name': ['='],
  'user.name': ['like'],
  'user.email': ['like'],
  'user.id': ['='],
  'user.phone': ['like'],
  'team.title': ['like'],
  'ownProject.title': ['like'],
  'user.created': ['>=', '<='],
} as const satisfies Record<string, readonly FilterOperator[]>;

/** Sortable columns per table (docs/product.md §A2); a leading '-' sorts descending. */
export const PROJECT_SORT_FIELDS = [
  'id',
  'title',
  'owner.name',
  'state.id',
  'owner.phone',
  'size.id',
  'created',
] as const;
export const USER_SORT_FIELDS = ['id', 'name', 'email', 'phone', 'role.id', 'created'] as const;
export const TEAM_SORT_FIELDS = ['id', 'title'] as const;
export const COMPANY_SORT_FIELDS = [
  'id',
  'title',
  'companySize.title',
  'companyType.title',
  'companyIndustry.title',
  'companyProjectFunding.title',
] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const optionalNumber = z
  .union([z.literal(''), z.null(), idField])
  .optional()
  .transform((v) => (v === '' || v === null ? undefined : v));
const optionalDate = z
  .union([z.literal(''), z.null(), z.string().regex(DATE, FALLBACK_MESSAGES.invalidDate)])
  .optional()
  .transform((v) => (v === '' || v === null ? undefined : v));

type DateRange = { createdFrom?: string | undefined; createdTo?: string | undefined };

/**
 * Date pickers cannot pick future dates and To may not be before From (docs/product.md §A5). Dates are
 * 'YYYY-MM-DD' in the viewer's timezone, so `today` must be too; ISO dates compare as strings.
 */
function checkDateRange(value: DateRange, today: string, ctx: z.RefinementCtx): void {
  for (const key of ['createdFrom', 'createdTo'] as const) {
    const date = value[key];
    if (date !== undefined && date > today) {
      ctx.addIssue({ code: 'custom', message: FALLBACK_MESSAGES.futureDate, path: [key] });
    }
  }
  if (value.createdFrom && value.createdTo && value.createdTo < value.createdFrom) {
    ctx.addIssue({ code: 'custom', message: FALLBACK_MESSAGES.toBeforeFrom, path: ['createdTo'] });
  }
}

const projectFilterShape = z.object({
  title: optionalText,
  id: optionalNumber,
  client: optionalText,
  phone: optionalText,
  status: optionalNumber,
  size: optionalNumber,
  createdFrom: optionalDate,
  createdTo: optionalDate,
});
export type ProjectFilter = Partial<z.infer<typeof projectFilterShape>>;

/** The project filter form's values (docs/product.md §A2); `today` is 'YYYY-MM-DD' in the viewer's timezone. */
export function projectFilterSchema(today: string) {
  return projectFilterShape.superRefine((value, ctx) => checkDateRange(value, today, ctx));
}

const userFilterShape = z.object({
  name: optionalText,
  email: optionalText,
  id: optionalNumber,
  phone: optionalText,
  team: optionalText,
  project: optionalText,
  // An empty role choice is ignored (docs/product.md §A4).
  role: z
    .union([z.literal(''), z.enum(ROLES)])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  createdFrom: optionalDate,
  createdTo: optionalDate,
});
export type UserFilter = Partial<z.infer<typeof userFilterShape>>;

/** The users filter form's values (docs/product.md §A2); `today` is 'YYYY-MM-DD' in the viewer's timezone. */
export function userFilterSchema(today: string) {
  return userFilterShape.superRefine((value, ctx) => checkDateRange(value, today, ctx));
}

/** The To date covers its whole day. */
const endOfDay = (date: string): string => `${date} 23:59:59`;
const startOfDay = (date: string): string => `${date} 00:00:00`;

function collect(pairs: Array<[FilterOperator, string, string | number | undefined]>): FilterTriple[] {
  const triples: FilterTriple[] = [];
  for (const [operator, field, value] of pairs) {
    if (value === undefined || value === '') continue;
    triples.push([operator, field, String(value)]);
  }
  return triples;
}

export function projectFilterTriples(filter: ProjectFilter): FilterTriple[] {
  return collect([
    ['like', 'project.title', filter.title],
    ['=', 'project.id', filter.id],
    ['like', 'client.name', filter.client],
    ['like', 'client.phone', filter.phone],
    ['=', 'state.id', filter.status],
    ['=', 'size.id', filter.size],
    ['>=', 'project.created', filter.createdFrom && startOfDay(filter.createdFrom)],
    ['<=', 'project.created', filter.createdTo && endOfDay(filter.createdTo)],
  ]);
}

export function userFilterTriples(filter: UserFilter): FilterTriple[] {
  return collect([
    ['=', 'role.item_name', filter.role],
    ['like', 'user.name', filter.name],
    ['like', 'user.email', filter.email],
    ['=', 'user.id', filter.id],
    ['like', 'user.phone', filter.phone],
    ['like', 'team.title', filter.team],
    ['like', 'ownProject.title', filter.project],
    ['>=', 'user.created', filter.createdFrom && startOfDay(filter.createdFrom)],
    ['<=', 'user.created', filter.createdTo && endOfDay(filter.createdTo)],
  ]);
}

/**
 * Flattens filters into the wire query parameters: filter[i][0] operator, [1] field, [2] value.
 * Pass `{ kind: 'project', filter }` or `{ kind: 'user', filter }`, or triples already built.
 */
export type FilterInput =
  | { kind: 'project'; filter: ProjectFilter }
  | { kind: 'user'; filter: UserFilter }
  | readonly FilterTriple[];

function triplesOf(input: FilterInput): readonly FilterTriple[] {
  if (!('kind' in input)) return input;
  return input.kind === 'project' ? projectFilterTriples(input.filter) : userFilterTriples(input.filter);
}

/**
 * Flattens filters into the wire query parameters: filter[i][0] operator, [1] field, [2] value.
 * Pass `{ kind: 'project', filter }` or `{ kind: 'user', filter }`, or triples already built.
 */
export function toFilterParams(input: FilterInput): Record<string, string> {
  const params: Record<string, string> = {};
  triplesOf(input).forEach(([operator, field, value], i) => {
    params[`filter[${i}][0]`] = operator;
    params[`filter[${i}][1]`] = field;
    params[`filter[${i}][2]`] = value;
  });
  return params;
}
