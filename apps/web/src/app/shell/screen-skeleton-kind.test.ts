import { describe, expect, it } from 'vitest';
import { screenSkeletonKind } from './screen-skeleton-kind.ts';

describe("the skeleton shown while a screen's code loads", () => {
  it('staff land on a table: the redirect from / and every list screen show table rows', () => {
    for (const path of ['/', '/projects-table', '/projects-table/', '/users-table', '/calls', '/mail-outbox'])
      expect(screenSkeletonKind(path)).toBe('table');
  });

  it("a project's pages show its columns, any other screen a page", () => {
    expect(screenSkeletonKind('/project/daily-updates/12')).toBe('project');
    expect(screenSkeletonKind('/project/tasks/12')).toBe('project');
    expect(screenSkeletonKind('/notification-settings')).toBe('page');
    expect(screenSkeletonKind('/create-user')).toBe('page');
  });
});
