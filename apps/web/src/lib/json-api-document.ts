import type { ErrorCode } from '@dd/domain';

// The JSON:API wire format as the web client receives it, on its own so that the client
// (api-client.ts) and the page's first answers (first-screen-answers.ts) share it without importing
// each other.

export type ApiErrorObject = {
  status?: string;
  /** What failed, stably (packages/domain/src/error-codes.ts): screens decide on this, never on the title. */
  code?: ErrorCode;
  title?: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
};

export type ResourceIdentifier = { type: string; id: string };
type RelationshipObject = { data?: ResourceIdentifier | ResourceIdentifier[] | null; meta?: unknown };
export type ResourceObject = ResourceIdentifier & {
  attributes?: Record<string, unknown>;
  relationships?: Record<string, RelationshipObject>;
  meta?: Record<string, unknown>;
};
export type JsonApiDocument = {
  data?: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  meta?: Record<string, unknown>;
  errors?: ApiErrorObject[];
};
