import { describe, expect, it } from 'vitest';
import {
  FIRST_SCREEN_PAGES,
  firstScreenRequests,
  matchFirstScreenPage,
  matchRoutePath,
} from './first-screen.ts';

describe('matchRoutePath: the router path rules', () => {
  it('matches parameters, a splat and a trailing slash', () => {
    expect(matchRoutePath('/project/tasks/:id', '/project/tasks/7/')).toEqual({ id: '7' });
    expect(matchRoutePath('/project/:section/:id/*', '/project/git/7')).toEqual({ section: 'git', id: '7' });
    expect(matchRoutePath('/project/:section/:id/*', '/project/git/7/commits/1')).toEqual({
      section: 'git',
      id: '7',
    });
  });
  it('refuses other lengths, other words and empty segments', () => {
    expect(matchRoutePath('/project/tasks/:id', '/project/tasks/7/more')).toBeNull();
    expect(matchRoutePath('/project/tasks/:id', '/project/board/7')).toBeNull();
    expect(matchRoutePath('/project/:section/:id/*', '/project//7')).toBeNull();
  });
});

describe('matchFirstScreenPage', () => {
  it('takes the first page that matches, as the router ranks them', () => {
    expect(matchFirstScreenPage('/project/tasks/7')).toEqual({ name: 'taskBoard', id: 7 });
    expect(matchFirstScreenPage('/project/daily-updates/7')).toEqual({ name: 'dailyUpdates', id: 7 });
    expect(matchFirstScreenPage('/project/daily-updates/7/x')).toEqual({ name: 'projectSection', id: 7 });
    expect(matchFirstScreenPage('/project/chat/7')).toEqual({ name: 'projectSection', id: 7 });
  });
  it('wants a positive id of at most nine digits', () => {
    for (const id of ['0', '07', '1234567890', '1%20or%201=1', 'abc'])
      expect(matchFirstScreenPage(`/project/tasks/${id}`), id).toBeNull();
    expect(firstScreenRequests('/project/tasks/0')).toEqual([
      '/authorization/check?include=role',
      '/app-config',
    ]);
  });
  it("answers each page's own reads after the session's", () => {
    expect(firstScreenRequests('/project/tasks/7').slice(2)).toEqual(
      FIRST_SCREEN_PAGES.taskBoard.requests(7),
    );
    expect(firstScreenRequests('/project/tasks/7', false)).toEqual(['/app-config']);
  });
});
