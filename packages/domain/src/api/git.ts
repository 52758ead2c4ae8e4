import { z } from 'zod';
import { GIT_PROVIDERS } from '../git.ts';
import { documentSchema, resourceSchema } from './jsonapi.ts';

/** A project's repositories and what their webhooks brought in (the Git tab), field by field. */

const isoDateTime = z.string();

const repositoryAttributesSchema = z.object({
  provider: z.enum(GIT_PROVIDERS),
  name: z.string(),
  /** the branch Fixes/Closes wait for; null until a delivery names it */
  'default-branch': z.string().nullable(),
  connected: isoDateTime,
  /** the newest delivery accepted from the provider, null before the first */
  'last-delivery': isoDateTime.nullable(),
});
export const repositoryResourceSchema = resourceSchema('repository', repositoryAttributesSchema);
export type RepositoryResource = z.infer<typeof repositoryResourceSchema>;

/** The 201 of a connection and of a rotation: the only answers that carry the webhook's secret. */
export const repositoryWithSecretResourceSchema = resourceSchema(
  'repository',
  repositoryAttributesSchema.extend({ 'webhook-url': z.string(), secret: z.string() }),
);
export type RepositoryWithSecretResource = z.infer<typeof repositoryWithSecretResourceSchema>;

export const repositoryListDocumentSchema = documentSchema(z.array(repositoryResourceSchema));
export const repositoryWithSecretDocumentSchema = documentSchema(repositoryWithSecretResourceSchema);

const repositoryRelationship = z.object({
  repository: z.object({ data: z.object({ type: z.literal('repository'), id: z.string() }) }),
});

export const gitCommitResourceSchema = resourceSchema(
  'git-commit',
  z.object({
    sha: z.string(),
    'short-sha': z.string(),
    message: z.string(),
    /** the author's name only: never an e-mail */
    'author-name': z.string(),
    url: z.string().nullable(),
    branch: z.string(),
    committed: isoDateTime,
    /** tasks of this project the message names */
    'task-ids': z.array(z.number().int()),
  }),
).extend({ relationships: repositoryRelationship });
export type GitCommitResource = z.infer<typeof gitCommitResourceSchema>;

export const GIT_PULL_REQUEST_STATES = ['open', 'merged', 'closed'] as const;
export const gitPullRequestResourceSchema = resourceSchema(
  'git-pull-request',
  z.object({
    number: z.number().int(),
    title: z.string(),
    state: z.enum(GIT_PULL_REQUEST_STATES),
    url: z.string().nullable(),
    'author-name': z.string(),
    'source-branch': z.string(),
    'target-branch': z.string(),
    updated: isoDateTime,
    'task-ids': z.array(z.number().int()),
  }),
).extend({ relationships: repositoryRelationship });
export type GitPullRequestResource = z.infer<typeof gitPullRequestResourceSchema>;

/**
 * GET /api/project/{id}/git-activity: the newest commits and the newest pull/merge requests (page[size]
 * of each), their repositories included.
 */
export const gitActivityDocumentSchema = documentSchema(
  z.array(z.union([gitCommitResourceSchema, gitPullRequestResourceSchema])),
  repositoryResourceSchema,
);
export type GitActivityDocument = z.infer<typeof gitActivityDocumentSchema>;

/** POST /api/webhooks/{provider}: what the provider is told. */
export const webhookAnswerSchema = z.object({
  data: z.null(),
  meta: z.object({ result: z.enum(['accepted', 'ignored', 'duplicate']) }),
});
