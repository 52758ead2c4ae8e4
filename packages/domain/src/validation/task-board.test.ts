import { describe, expect, it } from 'vitest';
import { ESTIMATE_INVALID } from './estimate.ts';
import { BOARD_MESSAGES, sprintPatchSchema, tagCreateSchema, taskAttributesSchema } from './task-board.ts';

describe('task attributes', () => {
  it('normalizes the estimate: leading zero stripped, 14 characters at most, empty clears it', () => {
    expect(taskAttributesSchema.parse({ estimate: '05' }).estimate).toBe('5');
    expect(taskAttributesSchema.parse({ estimate: 8 }).estimate).toBe('8');
    expect(taskAttributesSchema.parse({ estimate: '' }).estimate).toBeNull();
    expect(taskAttributesSchema.parse({ estimate: '123456789012345678' }).estimate).toBe('12345678901234');
  });

  it('refuses an estimate that is not a number of hours', () => {
    const result = taskAttributesSchema.safeParse({ estimate: 'soon' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(ESTIMATE_INVALID);
  });

  it('requires a title when one is sent and refuses unknown statuses', () => {
    expect(taskAttributesSchema.safeParse({ title: '  ' }).error?.issues[0]?.message).toBe(
      BOARD_MESSAGES.taskTitleRequired,
    );
    expect(taskAttributesSchema.safeParse({ 'task-status-id': 9 }).error?.issues[0]?.message).toBe(
      BOARD_MESSAGES.statusInvalid,
    );
    expect(taskAttributesSchema.parse({ 'task-status-id': '4' })['task-status-id']).toBe(4);
  });
});

describe('sprint and tag bodies', () => {
  it('defaults the finish choice to New Tasks', () => {
    expect(sprintPatchSchema.parse({ 'sprint-status-id': 3 })['unfinished-tasks']).toBe('new-tasks');
    expect(sprintPatchSchema.safeParse({ 'sprint-status-id': 3, 'unfinished-tasks': 'bin' }).success).toBe(
      false,
    );
  });

  it('needs a tag title', () => {
    expect(tagCreateSchema.safeParse({ title: ' ', project_id: 1 }).error?.issues[0]?.message).toBe(
      BOARD_MESSAGES.tagTitleRequired,
    );
  });
});
