import { describe, expect, it } from 'vitest';
import { isReminderEnabled, nextReminderValue, TOUR_DONE_STEP } from './project-team.ts';
import {
  reminderSettingCreateSchema,
  reminderSettingUpdateSchema,
  tourStateUpdateSchema,
} from './validation/project-team.ts';

describe('reminder toggles (docs/product.md §C4)', () => {
  it('treats a member without a setting as enabled; the first toggle creates it disabled', () => {
    expect(isReminderEnabled(null)).toBe(true);
    expect(nextReminderValue(null)).toBe(0);
  });

  it('flips 0 and 1 on later toggles', () => {
    expect(isReminderEnabled({ isEnabled: 0 })).toBe(false);
    expect(nextReminderValue({ isEnabled: 0 })).toBe(1);
    expect(isReminderEnabled({ isEnabled: 1 })).toBe(true);
    expect(nextReminderValue({ isEnabled: 1 })).toBe(0);
  });

  it('reads is_enabled / is-enabled as 0 or 1 only', () => {
    expect(reminderSettingCreateSchema.parse({ project_id: '3', user_id: 4, is_enabled: '0' })).toEqual({
      project_id: 3,
      user_id: 4,
      is_enabled: 0,
    });
    expect(reminderSettingUpdateSchema.parse({ 'is-enabled': true })).toEqual({ 'is-enabled': 1 });
    expect(reminderSettingUpdateSchema.safeParse({ 'is-enabled': 2 }).success).toBe(false);
  });
});

describe('tour state (docs/product.md §C4)', () => {
  it('accepts steps 1 to 3 and the finished step, nothing else', () => {
    expect(TOUR_DONE_STEP).toBe(4);
    for (const step of [1, 2, 3, 4])
      expect(tourStateUpdateSchema.safeParse({ step, visited: true, 'open-modal': false }).success).toBe(
        true,
      );
    for (const step of [0, 5, 1.5])
      expect(tourStateUpdateSchema.safeParse({ step, visited: true, 'open-modal': false }).success).toBe(
        false,
      );
  });
});
