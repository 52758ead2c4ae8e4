import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ANSWERS } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredResponses } from '../plugins/app/responses.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The contract end to end: every operation the web app reads is read through `read('METHOD /api/...')`
 * (apps/web/src/lib/api-client.ts), typed from ANSWERS in packages/domain, and the route answers with
 * that very schema object. What the web still reads untyped is listed below, to be emptied.
 */

/**
 * Operations the web still calls with a raw `api.get/post/patch/delete`, not typed from ANSWERS, and the
 * files that do ('? file': a path chosen at run time). Emptied feature by feature; the test fails when
 * a raw call is added or when one listed here is gone (then delete its line).
 */
const NOT_YET: Record<string, string[]> = {
  '? features/email-change/api/answer-email-change.ts': ['features/email-change/api/answer-email-change.ts'],
  '? features/notifications/api/search-notifications.ts': [
    'features/notifications/api/search-notifications.ts',
  ],
  '? features/project-page/api/attachments.ts': ['features/project-page/api/attachments.ts'],
  '? features/project-page/api/decide-delivery.ts': ['features/project-page/api/decide-delivery.ts'],
  'DELETE /api/message/{id}': ['features/project-page/api/chat-write.ts'],
  'DELETE /api/tag/{id}': ['features/task-board/api/tags.ts'],
  'GET /api/digest/setting': ['features/project-page/api/digest-setting.ts'],
  'GET /api/notification/settings': ['features/notifications/api/notification-settings.ts'],
  'GET /api/page-tasks/sidebar': ['features/task-board/api/get-sidebar.ts'],
  'GET /api/project-history/search': ['features/task-board/api/get-project-history.ts'],
  'GET /api/project-update/search': ['features/project-page/api/get-project-updates.ts'],
  'GET /api/project/mine': ['features/project-page/api/get-my-projects.ts'],
  'GET /api/project/{id}': [
    'features/project-page/api/get-project.ts',
    'features/project-page/api/schedule-call-my-calls.ts',
  ],
  'GET /api/project/{id}/deliveries': ['features/project-page/api/get-deliveries.ts'],
  'GET /api/project/{id}/messages': ['features/project-page/api/chat-messages.ts'],
  'GET /api/project/{id}/progress': ['features/project-page/api/get-project-progress.ts'],
  'GET /api/project/{id}/report': ['features/project-page/api/get-report.ts'],
  'GET /api/project/{id}/tour-state': ['features/project-page/api/get-tour-state.ts'],
  'GET /api/reminder-setting/search': ['features/project-page/api/get-reminder-settings.ts'],
  'GET /api/scheduled-call/available-slots': ['features/project-page/api/get-available-slots.ts'],
  'GET /api/scheduled-call/search': ['features/project-page/api/schedule-call-project-calls.ts'],
  'GET /api/setting/search': ['features/project-page/api/get-default-account-manager.ts'],
  'GET /api/setup/checklist': ['features/projects/api/get-setup-checklist.ts'],
  'GET /api/sprint/search': ['features/task-board/api/get-sprints.ts'],
  'GET /api/tag/search': ['features/task-board/api/get-tags.ts'],
  'GET /api/task-comment/search': ['features/task-board/api/get-task-comments.ts'],
  'GET /api/task/search': ['features/task-board/api/get-tasks.ts'],
  'GET /api/user/by-role': ['features/project-page/api/get-team-candidates.ts'],
  'GET /api/user/{id}': ['features/project-page/api/schedule-call-caller.ts'],
  'GET /api/work-hours/weekly': ['features/project-page/api/get-work-hours.ts'],
  'PATCH /api/company/{id}': ['features/project-page/api/save-project-details.ts'],
  'PATCH /api/digest/setting': ['features/project-page/api/digest-setting.ts'],
  'PATCH /api/message/{id}': ['features/project-page/api/chat-write.ts'],
  'PATCH /api/notification/settings': ['features/notifications/api/notification-settings.ts'],
  'PATCH /api/project/{id}': [
    'features/project-page/api/save-project-details.ts',
    'features/project-page/api/save-project-team.ts',
  ],
  'PATCH /api/project/{id}/tour-state': ['features/project-page/api/save-tour-state.ts'],
  'PATCH /api/reminder-setting/{id}': ['features/project-page/api/toggle-reminder.ts'],
  'PATCH /api/sprint/{id}': ['features/task-board/api/change-sprint-status.ts'],
  'PATCH /api/tag/{id}': ['features/task-board/api/tags.ts'],
  'PATCH /api/task/{id}': [
    'features/task-board/api/change-task-status.ts',
    'features/task-board/api/move-task.ts',
    'features/task-board/api/save-task.ts',
  ],
  'PATCH /api/user/{id}/details': ['features/project-page/api/save-project-details.ts'],
  'POST /api/link/create': ['features/project-page/api/attachments.ts'],
  'POST /api/notification/read': ['features/notifications/api/mark-notifications-read.ts'],
  'POST /api/project-update/post': ['features/project-page/api/post-project-update.ts'],
  'POST /api/project/{id}/messages': ['features/project-page/api/chat-write.ts'],
  'POST /api/project/{id}/messages/read': ['features/project-page/api/chat-presence.ts'],
  'POST /api/project/{id}/relationships/link': ['features/project-page/api/attachments.ts'],
  'POST /api/project/{id}/team-member': ['features/project-page/api/add-team-member.ts'],
  'POST /api/reminder-setting/create': ['features/project-page/api/toggle-reminder.ts'],
  'POST /api/scheduled-call/create': ['features/project-page/api/schedule-call-create.ts'],
  'POST /api/sprint/create': ['features/task-board/api/create-sprint.ts'],
  'POST /api/tag/create': ['features/task-board/api/tags.ts'],
  'POST /api/task-comment/create': ['features/task-board/api/add-task-comment.ts'],
  'POST /api/task/create': ['features/task-board/api/save-task.ts'],
  'POST /api/task/{id}/editing': ['features/task-board/api/announce-editing.ts'],
};

const WEB = join(import.meta.dirname, '../../../web/src');

function webSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

type RawCall = { file: string; method: string; path: string | null };

/** `api.get('/user/search'`, `api.post(\`/project/${id}/observer\``: method and path ({} for a parameter). */
function rawCalls(): RawCall[] {
  const calls: RawCall[] = [];
  for (const path of webSources(WEB)) {
    const file = relative(WEB, path);
    if (file === 'lib/api-client.ts') continue;
    const source = readFileSync(path, 'utf8');
    for (const match of source.matchAll(
      /\bapi\.(get|post|patch|delete)\b(?:<[^(]*?>)?\(\s*(['`])?([^'`,)]*)/g,
    )) {
      const [, method = '', quote, text = ''] = match;
      const literal = quote ? text.replace(/\$\{[^}]*\}/g, '{}') : null;
      calls.push({ file, method: method.toUpperCase(), path: literal });
    }
  }
  return calls;
}

/** `read('GET /api/user/{id}'`: the operations the web reads through the contract. */
function typedReads(): Array<{ file: string; operation: string }> {
  return webSources(WEB).flatMap((path) =>
    [...readFileSync(path, 'utf8').matchAll(/\bread\b(?:<[^(]*?>)?\(\s*'([A-Z]+ \/api\/[^']*)'/g)].map(
      (match) => ({ file: relative(WEB, path), operation: match[1] ?? '' }),
    ),
  );
}

let t: TestApp;
let operations: string[];
beforeAll(async () => {
  t = await buildTestApp();
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(() => t.close());

/** The OpenAPI operation a raw call reaches: a `{}` segment matches a `{param}` segment only. */
function operationOf(call: RawCall): string | undefined {
  if (call.path === null || call.path.startsWith('/{}')) return undefined;
  const segments = `/api${call.path.split('?')[0]}`.split('/');
  return operations.find((operation) => {
    const [method, path = ''] = operation.split(' ');
    const parts = path.split('/');
    return (
      method === call.method &&
      parts.length === segments.length &&
      parts.every((part, i) => (segments[i] === '{}' ? /^\{\w+\}$/.test(part) : part === segments[i]))
    );
  });
}

describe('the web reads every answer through the domain schema of its operation', () => {
  it('each ANSWERS entry is an operation of the OpenAPI document whose route answers with that very schema', () => {
    for (const [operation, schema] of Object.entries(ANSWERS)) {
      expect(operations, operation).toContain(operation);
      const route = operation.replace(/\{(\w+)\}/g, ':$1');
      const success = Object.entries(declaredResponses.get(route) ?? {})
        .filter(([status]) => status.startsWith('2'))
        .map(([, value]) => value);
      expect(success.length, `${operation} declares a success answer`).toBeGreaterThan(0);
      for (const declared of success)
        expect(declared === schema, `${operation}: same schema object`).toBe(true);
    }
  });

  it('every typed read names an ANSWERS operation', () => {
    const reads = typedReads();
    expect(reads.length).toBeGreaterThan(0);
    for (const { file, operation } of reads) expect(Object.keys(ANSWERS), file).toContain(operation);
  });

  it('every OpenAPI operation the web calls untyped is on the not-yet list, and the list holds nothing more', () => {
    const untyped: Record<string, string[]> = {};
    for (const call of rawCalls()) {
      const operation = operationOf(call) ?? `? ${call.file}`;
      untyped[operation] = [...new Set([...(untyped[operation] ?? []), call.file])].sort();
    }
    for (const operation of Object.keys(untyped).filter((name) => !name.startsWith('? ')))
      expect(operations, operation).toContain(operation);
    expect(untyped).toEqual(NOT_YET);
  });
});
