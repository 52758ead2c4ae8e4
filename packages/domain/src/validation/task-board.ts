import { z } from 'zod';
import { TEXT_MAX } from '../limits.ts';
import { MARKDOWN_NESTING_MESSAGE, markdownNestingOk } from '../markdown.ts';
import { TASK_STATUS_IDS, type TaskStatusId, UNFINISHED_TASK_TARGETS } from '../task-status.ts';
import { estimateField } from './estimate.ts';
import { cappedText, idField, textField } from './fields.ts';

/** Board messages: docs/product.md quotes none for the task board, so these are ours (ADR 0003). */
export const BOARD_MESSAGES = {
  taskTitleRequired: 'Task title is required',
  tagTitleRequired: 'Tag title is required',
  commentRequired: 'Comment cannot be empty',
  statusInvalid: 'Unknown task status',
  transitionRefused: (from: string, to: string): string => `A task cannot move from ${from} to ${to}`,
  notInSprint: 'Task actions are offered only inside a started sprint',
  createStatus: 'A new task starts as Unstarted or Icebox',
  notProjectUser: 'Choose a member of this project',
  tagOfOtherProject: 'Unknown tag',
  sprintOfOtherProject: 'Unknown sprint',
  sprintFinished: 'This sprint is finished',
  sprintPatchInvalid: 'Send sprint-status-id 2 to start a sprint or 3 to finish it',
} as const;

export const TASK_TITLE_MAX = 200;
export const TAG_TITLE_MAX = 60;
export const TASK_DESCRIPTION_MAX = 20_000;
export const COMMENT_MAX = 5_000;

/** A lookup id; null or '' clears it. Left out, it stays undefined so a PATCH leaves the field alone. */
const lookupIdField = z
  .union([z.null(), z.literal(''), idField])
  .transform((v) => (v === '' ? null : v))
  .optional();

const statusField = z.coerce
  .number({ error: BOARD_MESSAGES.statusInvalid })
  .int(BOARD_MESSAGES.statusInvalid)
  .refine((v): v is TaskStatusId => (TASK_STATUS_IDS as readonly number[]).includes(v), {
    error: BOARD_MESSAGES.statusInvalid,
  });

/** A task's description: markdown, nested no deeper than renderers can take (docs/product.md §C9). */
const taskDescriptionField = z
  .string()
  .max(TASK_DESCRIPTION_MAX)
  .refine(markdownNestingOk, MARKDOWN_NESTING_MESSAGE);

/** The task form of the modal (Edit Task tab); the same rules check the request body. */
export const taskFormSchema = z.object({
  title: textField(BOARD_MESSAGES.taskTitleRequired).pipe(z.string().max(TASK_TITLE_MAX)),
  description: taskDescriptionField.default(''),
  estimate: estimateField.optional(),
});
export type TaskFormInput = z.input<typeof taskFormSchema>;

/** POST /task/create and PATCH /task/{id} attributes (spec names, kebab-case). All optional on PATCH. */
export const taskAttributesSchema = z.object({
  title: textField(BOARD_MESSAGES.taskTitleRequired).pipe(z.string().max(TASK_TITLE_MAX)).optional(),
  description: taskDescriptionField.nullable().optional(),
  'task-status-id': statusField.optional(),
  'task-type-id': lookupIdField,
  'task-priority-id': lookupIdField,
  estimate: estimateField.optional(),
  /** Index in the target column (New Tasks or the sprint) after a drag; the server renumbers the column. */
  position: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type TaskAttributes = z.infer<typeof taskAttributesSchema>;

const one = (type: string) => z.object({ data: z.object({ type: z.literal(type), id: idField }).nullable() });
const many = (type: string) =>
  z.object({
    data: z.array(z.object({ type: z.literal(type), id: idField })).max(50),
  });

/** Relationships of a task body (docs/product.md §A7: owner, requester, project, tag, status, priority; plus sprint, type). */
export const taskRelationshipsSchema = z
  .object({
    owner: one('user').optional(),
    requester: one('user').optional(),
    project: one('project').optional(),
    sprint: one('sprint').optional(),
    tag: many('tag').optional(),
    status: one('task-status').optional(),
    priority: one('task-priority').optional(),
    type: one('task-type').optional(),
  })
  .default({});
export type TaskRelationships = z.infer<typeof taskRelationshipsSchema>;

/** POST /sprint/create (docs/product.md §A7: project_id). */
export const sprintCreateSchema = z.object({ project_id: idField });

/**
 * PATCH /sprint/{id} (docs/product.md §A7: started or finished time and sprint-status-id). The server sets the
 * times itself; `unfinished-tasks` is the finish dialog's choice for tasks not yet accepted.
 */
export const sprintPatchSchema = z.object({
  'sprint-status-id': idField,
  started: cappedText(TEXT_MAX.short).nullable().optional(),
  finished: cappedText(TEXT_MAX.short).nullable().optional(),
  'unfinished-tasks': z.enum(UNFINISHED_TASK_TARGETS).default('new-tasks'),
});

/** POST /tag/create and PATCH /tag/{id}. */
export const tagTitleField = textField(BOARD_MESSAGES.tagTitleRequired).pipe(
  z.string().max(TAG_TITLE_MAX, { error: `At most ${TAG_TITLE_MAX} characters` }),
);
export const tagCreateSchema = z.object({ title: tagTitleField, project_id: idField });
export const tagRenameSchema = z.object({ title: tagTitleField });

/** POST /task-comment/create. */
export const commentCreateSchema = z.object({
  body: textField(BOARD_MESSAGES.commentRequired).pipe(z.string().max(COMMENT_MAX)),
  task_id: idField,
});
