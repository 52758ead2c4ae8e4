import { describe, expect, it } from 'vitest';
import { readTaskCommands, repositoryCreateSchema } from './git.ts';

describe('readTaskCommands', () => {
  it('links every #id and reads the bracket commands, in any case, several ids at once', () => {
    expect(readTaskCommands('[Starts #12] login, see #7 and [finished #3, #4]', { merged: false })).toEqual({
      taskIds: [12, 7, 3, 4],
      commands: [
        { taskId: 12, action: 'start' },
        { taskId: 3, action: 'finish' },
        { taskId: 4, action: 'finish' },
      ],
    });
    expect(readTaskCommands('[Delivers #5]', { merged: false }).commands).toEqual([
      { taskId: 5, action: 'deliver' },
    ]);
  });

  it('delivers Fixes/Closes only once merged, and never accepts', () => {
    expect(readTaskCommands('Fixes #9', { merged: false }).commands).toEqual([]);
    expect(readTaskCommands('fixes #9; Closes #10', { merged: true }).commands).toEqual([
      { taskId: 9, action: 'deliver' },
      { taskId: 10, action: 'deliver' },
    ]);
    expect(readTaskCommands('[Accepts #9] [Accepted #9]', { merged: true }).commands).toEqual([]);
  });

  it('ignores ids out of range, HTML entities and URL fragments', () => {
    expect(readTaskCommands('#0 #99999999999 &#123; https://x.test/a#45', { merged: true }).taskIds).toEqual(
      [],
    );
  });
});

describe('repositoryCreateSchema', () => {
  const parse = (attributes: Record<string, unknown>) =>
    repositoryCreateSchema.safeParse({ data: { attributes } });
  it('takes owner/repo and GitLab groups, refuses anything else', () => {
    expect(parse({ provider: 'github', name: ' acme/shop ' }).success).toBe(true);
    expect(parse({ provider: 'gitlab', name: 'group/sub/repo' }).success).toBe(true);
    expect(parse({ provider: 'github', name: 'shop' }).success).toBe(false);
    expect(parse({ provider: 'github', name: 'acme/shop; rm' }).success).toBe(false);
    expect(parse({ provider: 'bitbucket', name: 'acme/shop' }).success).toBe(false);
  });
});
