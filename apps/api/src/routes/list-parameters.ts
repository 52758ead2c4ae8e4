import type { ListRules } from '../lib/jsonapi/query.ts';
import { COMPANY_LIST_RULES } from '../modules/admin-lists/company-search.ts';
import { PROJECT_LIST_RULES } from '../modules/admin-lists/project-search.ts';
import { TEAM_LIST_RULES } from '../modules/admin-lists/team-search.ts';
import { USER_LIST_RULES } from '../modules/admin-lists/user-search.ts';
import { OUTBOX_LIST_RULES } from '../modules/mail/search-outbox.ts';
import { INCOMPLETE_REGISTRATION_LIST_RULES } from '../modules/registration/incomplete-registration.ts';
import { STAFF_CALL_LIST_RULES } from '../modules/scheduled-calls/staff-calls.ts';

/**
 * What the OpenAPI document says about the list operations' query string. Their handlers read the
 * nested `page[..]`, `filter[i][0..2]` object themselves (lib/jsonapi/query.ts), so the route schema
 * only checks it is an object; the document spells out each parameter and its allowed values here, so
 * a client or a fuzzer can build real requests.
 */
export type ListParameters = {
  /** filter field -> the operators allowed on it */
  filters: Record<string, readonly string[]>;
  /** keyed filters the product's own client sends, e.g. filter[project_id]=7 */
  keyedFilters?: readonly string[];
  /** a filter that must be given */
  requiredFilter?: string;
  sorts: readonly string[];
  includes: readonly string[];
  defaultSort?: string;
  paged: boolean;
  defaultSize?: number;
  /** page[size]=null (or 0) lists everything */
  allowUnlimited?: boolean;
};

const board = (field: string, includes: readonly string[]): ListParameters => ({
  filters: { [field]: ['='] },
  requiredFilter: field,
  sorts: ['created', 'id'],
  includes,
  defaultSort: '-created',
  paged: true,
  allowUnlimited: true,
});

const fromRules = (rules: ListRules): ListParameters => ({ ...rules, paged: true });

/** `METHOD /api/path` of every list operation -> its parameters. */
export const LIST_PARAMETERS: Record<string, ListParameters> = {
  'GET /api/project/search': fromRules(PROJECT_LIST_RULES),
  'GET /api/user/search': fromRules(USER_LIST_RULES),
  'GET /api/team/search': fromRules(TEAM_LIST_RULES),
  'GET /api/company/search': fromRules(COMPANY_LIST_RULES),
  'GET /api/incomplete-registration/search': fromRules(INCOMPLETE_REGISTRATION_LIST_RULES),
  'GET /api/mail-outbox/search': fromRules(OUTBOX_LIST_RULES),
  'GET /api/scheduled-call/staff-search': fromRules(STAFF_CALL_LIST_RULES),
  'GET /api/sprint/search': board('project.id', ['task', 'project']),
  'GET /api/task/search': board('project.id', ['owner', 'requester', 'tag']),
  'GET /api/tag/search': board('project.id', ['project']),
  'GET /api/task-comment/search': board('task.id', ['author']),
  'GET /api/project-update/search': {
    filters: { project_id: ['='] },
    keyedFilters: ['project_id'],
    requiredFilter: 'project_id',
    sorts: ['created'],
    includes: ['reporter'],
    defaultSort: '-created',
    paged: true,
    allowUnlimited: true,
  },
  'GET /api/setting/search': {
    filters: { name: ['='] },
    keyedFilters: ['name'],
    sorts: [],
    includes: [],
    paged: false,
  },
  'GET /api/reminder-setting/search': {
    filters: { project_id: ['='] },
    keyedFilters: ['project_id'],
    sorts: ['id'],
    includes: [],
    defaultSort: 'id',
    paged: false,
    allowUnlimited: true,
  },
};

/** How many filter triples the document lists (the parser takes any index; five cover every screen). */
const DOCUMENTED_FILTERS = 5;

const listPattern = (names: readonly string[], signed: boolean) => {
  const one = `${signed ? '-?' : ''}(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`;
  return `^${one}(,${one})*$`;
};

/** The query string of a list operation as a flat JSON schema: one property per OpenAPI parameter. */
export function listQueryJsonSchema(list: ListParameters) {
  const properties: Record<string, Record<string, unknown>> = {};
  if (list.paged) {
    properties['page[page]'] = {
      type: 'integer',
      minimum: 1,
      maximum: 1_000_000,
      default: 1,
      description: 'Page number, from 1.',
    };
  }
  properties['page[size]'] = list.paged
    ? {
        type: 'string',
        pattern: list.allowUnlimited ? '^(null|0|[1-9][0-9]?|100)$' : '^([1-9][0-9]?|100)$',
        default: String(list.defaultSize ?? 15),
        description: `Rows per page, 1 to 100${list.allowUnlimited ? '; `null` or `0` for the whole list' : ''}.`,
      }
    : { type: 'string', enum: ['null', '0'], description: 'This list is never paged.' };
  if (list.sorts.length > 0)
    properties.sort = {
      type: 'string',
      pattern: listPattern(list.sorts, true),
      ...(list.defaultSort ? { default: list.defaultSort } : {}),
      description: `Comma-separated fields, \`-\` for descending: ${list.sorts.join(', ')}.`,
    };
  if (list.includes.length > 0)
    properties.include = {
      type: 'string',
      pattern: listPattern(list.includes, false),
      description: `Comma-separated related resources: ${list.includes.join(', ')}.`,
    };
  const fields = Object.keys(list.filters);
  const operators = [...new Set(Object.values(list.filters).flat())];
  const allowed = fields.map((f) => `${f}: ${list.filters[f]?.join(' ')}`).join('; ');
  for (let i = 0; i < DOCUMENTED_FILTERS && fields.length > 0; i++) {
    properties[`filter[${i}][0]`] = {
      type: 'string',
      enum: operators,
      description: `Operator of filter ${i} (per field: ${allowed}).`,
    };
    properties[`filter[${i}][1]`] = { type: 'string', enum: fields, description: `Field of filter ${i}.` };
    properties[`filter[${i}][2]`] = { type: 'string', maxLength: 200, description: `Value of filter ${i}.` };
  }
  for (const key of list.keyedFilters ?? [])
    properties[`filter[${key}]`] = {
      type: 'string',
      maxLength: 200,
      description: `Short form of filter[0] = ['=', '${key}', value].`,
    };
  const description = list.requiredFilter
    ? `A filter on ${list.requiredFilter} is required (filter[0][..] or the short form).`
    : undefined;
  return { type: 'object', properties, ...(description ? { description } : {}) };
}
