import { describe, expect, it } from 'vitest';
import { pageTarget, paginationModel } from './pagination-model.ts';

describe('paginationModel', () => {
  it('is hidden for zero or one page', () => {
    expect(paginationModel(1, 0).visible).toBe(false);
    expect(paginationModel(1, 1).visible).toBe(false);
  });
  it('shows numbers without arrows for two and three pages', () => {
    expect(paginationModel(1, 2)).toEqual({ visible: true, arrows: false, numbers: [1, 2] });
    expect(paginationModel(3, 3)).toEqual({ visible: true, arrows: false, numbers: [1, 2, 3] });
  });
  it('shows arrows from four pages and slides three numbers around the current page', () => {
    expect(paginationModel(1, 4)).toEqual({ visible: true, arrows: true, numbers: [1, 2, 3] });
    expect(paginationModel(3, 10).numbers).toEqual([2, 3, 4]);
    expect(paginationModel(10, 10).numbers).toEqual([8, 9, 10]);
    expect(paginationModel(99, 10).numbers).toEqual([8, 9, 10]);
  });
});

describe('pageTarget', () => {
  it('ignores the current page and pages out of range', () => {
    expect(pageTarget(3, 3, 5)).toBeNull();
    expect(pageTarget(0, 1, 5)).toBeNull();
    expect(pageTarget(6, 5, 5)).toBeNull();
    expect(pageTarget(4, 3, 5)).toBe(4);
  });
});
