import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi.ts';
import { userResourceSchema } from './project.ts';

/** The task board's answers (sprints, tasks, tags, comments, history, sidebar), field by field. */

const isoDateTime = z.string();
const listMeta = z.object({ 'page-count': z.number().int(), total: z.number().int() });

export const taskResourceSchema = resourceSchema(
  'task',
  z.object({
    title: z.string(),
    description: z.string(),
    'task-status-id': z.number().int(),
    'task-type-id': z.number().int().nullable(),
    'task-priority-id': z.number().int().nullable(),
    /** a decimal, as text (e.g. '2.5') */
    estimate: z.string().nullable(),
    position: z.number().int(),
    started: isoDateTime.nullable(),
    finished: isoDateTime.nullable(),
    delivered: isoDateTime.nullable(),
    accepted: isoDateTime.nullable(),
    created: isoDateTime,
    updated: isoDateTime,
  }),
);
export type TaskResource = z.infer<typeof taskResourceSchema>;

export const tagResourceSchema = resourceSchema('tag', z.object({ title: z.string(), created: isoDateTime }));
export type TagResource = z.infer<typeof tagResourceSchema>;

export const sprintResourceSchema = resourceSchema(
  'sprint',
  z.object({
    'sprint-status-id': z.number().int(),
    started: isoDateTime.nullable(),
    finished: isoDateTime.nullable(),
    created: isoDateTime,
  }),
);
export type SprintResource = z.infer<typeof sprintResourceSchema>;

export const taskCommentResourceSchema = resourceSchema(
  'task-comment',
  z.object({
    body: z.string(),
    created: isoDateTime,
    'author-name': z.string().nullable(),
    'author-avatar': z.string().nullable(),
  }),
);
export type TaskCommentResource = z.infer<typeof taskCommentResourceSchema>;

export const projectEventResourceSchema = resourceSchema(
  'project-event',
  z.object({
    entity: z.string(),
    'entity-id': z.number().int(),
    action: z.string(),
    /** what changed, by entity and action (free-form) */
    details: z.record(z.string(), z.unknown()),
    'actor-name': z.string().nullable(),
    created: isoDateTime,
  }),
);
export type ProjectEventResource = z.infer<typeof projectEventResourceSchema>;

/** A project named only by id (a sprint list's `include=project`). */
const projectStubSchema = resourceSchema('project', z.object({}));

/** A task's includes: owner and requester (users) and tags. */
const taskIncluded = z.union([userResourceSchema, tagResourceSchema]);

export const taskDocumentSchema = documentSchema(taskResourceSchema, taskIncluded);
export const taskListDocumentSchema = z.object({
  data: z.array(taskResourceSchema),
  included: z.array(taskIncluded).optional(),
  meta: listMeta,
});
export const sprintDocumentSchema = documentSchema(sprintResourceSchema, projectStubSchema);
export const sprintListDocumentSchema = z.object({
  data: z.array(sprintResourceSchema),
  included: z.array(z.union([taskResourceSchema, projectStubSchema])).optional(),
  meta: listMeta,
});
export const tagDocumentSchema = documentSchema(tagResourceSchema, projectStubSchema);
export const tagListDocumentSchema = z.object({
  data: z.array(tagResourceSchema),
  included: z.array(projectStubSchema).optional(),
  meta: listMeta,
});
export const taskCommentDocumentSchema = documentSchema(taskCommentResourceSchema, userResourceSchema);
export const taskCommentListDocumentSchema = z.object({
  data: z.array(taskCommentResourceSchema),
  included: z.array(userResourceSchema).optional(),
  meta: listMeta,
});
export const projectHistoryDocumentSchema = z.object({
  data: z.array(projectEventResourceSchema),
  meta: listMeta,
});

/** GET /api/page-tasks/sidebar: the board's counts, with the project's users included. */
export const sidebarDocumentSchema = documentSchema(
  resourceSchema(
    'page-tasks-sidebar',
    z.object({
      'done-task': z.number().int(),
      'project-user': z.number().int(),
      'own-task': z.number().int(),
      'new-task': z.number().int(),
      'dev-roadblock': z.number().int(),
      'client-roadblock': z.number().int(),
    }),
  ),
  userResourceSchema,
);
