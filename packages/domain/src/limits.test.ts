import { describe, expect, it } from 'vitest';
import {
  carouselCardsForWidth,
  DRAFT_TTL_MS,
  INVITATION_TTL_MS,
  LOGIN_FAILURE_WINDOW_MS,
  MAX_FILE_SIZE,
  RESET_TOKEN_TTL_MS,
  WORK_HOURS,
} from './limits.ts';

describe('limits', () => {
  it('counts the file limit in bytes, not mebibytes', () => {
    expect(MAX_FILE_SIZE).toBe(25_000_000);
  });

  it('expresses durations in milliseconds', () => {
    expect(DRAFT_TTL_MS).toBe(86_400_000);
    expect(LOGIN_FAILURE_WINDOW_MS).toBe(900_000);
    expect(RESET_TOKEN_TTL_MS).toBe(3_600_000);
    expect(INVITATION_TTL_MS).toBe(604_800_000);
  });

  it('opens business days 07:00-23:30 by default', () => {
    expect(WORK_HOURS.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(WORK_HOURS[0]?.periods).toEqual([{ start: '07:00', end: '23:30' }]);
  });

  it.each([
    [320, 1],
    [699, 1],
    [700, 2],
    [990, 2],
    [991, 3],
    [1280, 3],
    [1281, 4],
    [1920, 4],
  ])('shows the right number of carousel cards at %i px', (width, cards) => {
    expect(carouselCardsForWidth(width)).toBe(cards);
  });
});
