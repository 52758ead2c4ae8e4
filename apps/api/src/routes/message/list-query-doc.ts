import { MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE } from '@dd/domain';

/**
 * The chat list's query string as OpenAPI spells it (the route validates the nested `page`/`filter`
 * objects qs makes of it): keyset pages by message id, never page numbers.
 */
export const MESSAGE_LIST_QUERY_DOC = {
  type: 'object',
  properties: {
    'page[before]': {
      type: 'integer',
      minimum: 1,
      maximum: 2_147_483_647,
      description: 'Only messages older than this message id (the next page back).',
    },
    'page[after]': {
      type: 'integer',
      minimum: 1,
      maximum: 2_147_483_647,
      description: 'Only messages newer than this message id (ignored with page[before]).',
    },
    'page[size]': {
      type: 'integer',
      minimum: 1,
      maximum: MESSAGE_PAGE_MAX,
      default: MESSAGE_PAGE_SIZE,
      description: `Messages per page, 1 to ${MESSAGE_PAGE_MAX}.`,
    },
    'filter[q]': {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'Full-text search in the messages (words, "phrases", -excluded, or).',
    },
  },
} as const;
