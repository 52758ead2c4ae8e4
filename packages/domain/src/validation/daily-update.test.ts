import { describe, expect, it } from 'vitest';
import { dailyUpdateFormSchema, projectUpdatePostSchema } from './daily-update.ts';

describe('daily update', () => {
  it.each(['', '   ', '0', '0.00'])('rejects %j', (description) => {
    expect(dailyUpdateFormSchema.safeParse({ description }).success).toBe(false);
  });

  it('accepts markdown text', () => {
    expect(dailyUpdateFormSchema.parse({ description: '**Done** login page' }).description).toBe(
      '**Done** login page',
    );
  });

  it('posts with the fixed title update', () => {
    expect(projectUpdatePostSchema.parse({ project_id: '4', description: 'Deployed' })).toEqual({
      title: 'update',
      project_id: 4,
      description: 'Deployed',
    });
    expect(
      projectUpdatePostSchema.safeParse({ title: 'other', project_id: 4, description: 'x' }).success,
    ).toBe(false);
  });
});
