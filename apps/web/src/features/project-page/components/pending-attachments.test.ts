import { describe, expect, it } from 'vitest';
import {
  CLEAR_FAILED_FROM,
  clearFailed,
  failedCount,
  type PendingLink,
  type UploadItem,
} from './pending-attachments.ts';

const upload = (key: number, status: UploadItem['status']): UploadItem => ({
  key,
  name: `file-${key}.pdf`,
  progress: status === 'uploading' ? 40 : 0,
  status,
});
const link = (key: number, status: PendingLink['status']): PendingLink => ({
  key,
  text: `https://example.com/${key}`,
  status,
  ...(status === 'error' ? { message: 'Invalid link' } : {}),
});

describe('Clear failed (project specification)', () => {
  const uploads = [upload(1, 'error'), upload(2, 'uploading'), upload(3, 'size-error'), upload(4, 'error')];
  const links = [link(5, 'error'), link(6, 'adding')];

  it('counts failed uploads (server error or too large) and refused links together', () => {
    expect(failedCount(uploads, links)).toBe(4);
    expect(failedCount([upload(1, 'uploading')], [link(2, 'adding')])).toBe(0);
    expect(failedCount(uploads, links)).toBeGreaterThanOrEqual(CLEAR_FAILED_FROM);
  });

  it('removes every failed row at once and keeps what is still on its way', () => {
    const left = clearFailed(uploads, links);
    expect(left.uploads.map((u) => u.key)).toEqual([2]);
    expect(left.links.map((l) => l.key)).toEqual([6]);
    expect(failedCount(left.uploads, left.links)).toBe(0);
    // Nothing failed: nothing changes.
    expect(clearFailed(left.uploads, left.links)).toEqual(left);
  });
});
