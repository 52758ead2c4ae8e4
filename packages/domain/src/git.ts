import { z } from 'zod';
import type { TaskAction } from './task-status.ts';

/** Repository hosts a project can connect (a webhook per repository). */
export const GIT_PROVIDERS = ['github', 'gitlab'] as const;
export type GitProvider = (typeof GIT_PROVIDERS)[number];
export const GIT_PROVIDER_NAMES: Readonly<Record<GitProvider, string>> = {
  github: 'GitHub',
  gitlab: 'GitLab',
};

export const GIT_MESSAGES = {
  provider: 'Choose GitHub or GitLab',
  name: 'Enter the repository as owner/name',
  taken: 'This repository is already connected to a project',
} as const;

/** owner/repo (GitLab groups may nest: group/subgroup/repo). */
const REPOSITORY_NAME = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)+$/;

export const repositoryCreateSchema = z.object({
  data: z.object({
    type: z.literal('repository').optional(),
    attributes: z.object({
      provider: z.enum(GIT_PROVIDERS, { error: GIT_MESSAGES.provider }),
      name: z
        .string({ error: GIT_MESSAGES.name })
        .trim()
        .max(255, GIT_MESSAGES.name)
        .regex(REPOSITORY_NAME, GIT_MESSAGES.name),
    }),
  }),
});
export type RepositoryCreateAttributes = z.infer<typeof repositoryCreateSchema>['data']['attributes'];

/** What a commit or a pull request asks of one task. */
export type GitTaskCommand = { taskId: number; action: Extract<TaskAction, 'start' | 'finish' | 'deliver'> };

const MAX_ID = 2_147_483_647;
const BRACKET =
  /\[\s*(start|starts|started|finish|finishes|finished|deliver|delivers|delivered)\s+((?:#\d+[\s,]*)+)\]/gi;
const FIXES = /\b(?:fix|fixes|fixed|close|closes|closed)\s+#(\d+)/gi;
const MENTION = /(?:^|[^\w&/])#(\d+)\b/g;

const ids = (text: string) =>
  [...text.matchAll(/#(\d+)/g)].map((m) => Number(m[1])).filter((n) => n > 0 && n <= MAX_ID);

/**
 * What a commit message or a pull/merge request's title and body say about tasks (Pivotal Tracker's
 * syntax): every `#123` links task 123; `[Starts #123]`, `[Finishes #123]`, `[Delivers #123]` move it;
 * `Fixes #123` / `Closes #123` deliver it once the change reaches the default branch (`merged`).
 * Never an accept: that is the product owner's.
 */
export function readTaskCommands(
  text: string,
  options: { merged: boolean },
): { taskIds: number[]; commands: GitTaskCommand[] } {
  const taskIds = new Set<number>();
  for (const m of text.matchAll(MENTION)) {
    const id = Number(m[1]);
    if (id > 0 && id <= MAX_ID) taskIds.add(id);
  }
  const commands: GitTaskCommand[] = [];
  const seen = new Set<string>();
  const push = (taskId: number, action: GitTaskCommand['action']) => {
    if (seen.has(`${taskId}:${action}`)) return;
    seen.add(`${taskId}:${action}`);
    commands.push({ taskId, action });
  };
  for (const m of text.matchAll(BRACKET)) {
    const verb = m[1]!.toLowerCase();
    const action = verb.startsWith('start') ? 'start' : verb.startsWith('finish') ? 'finish' : 'deliver';
    for (const id of ids(m[2]!)) push(id, action);
  }
  if (options.merged)
    for (const m of text.matchAll(FIXES)) for (const id of ids(`#${m[1]}`)) push(id, 'deliver');
  return { taskIds: [...taskIds], commands };
}

/** A commit's short form, as providers show it. */
export const shortSha = (sha: string) => sha.slice(0, 7);
