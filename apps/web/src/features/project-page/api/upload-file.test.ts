import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadProjectFile } from './upload-file.ts';

vi.mock('../../../lib/notify.ts', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

/** A stand-in XMLHttpRequest that records what is sent and lets the test answer. */
class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  sent = false;
  aborted = false;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    this.sent = true;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, id: string) {
    this.status = status;
    this.responseText = JSON.stringify({ data: { type: 'file', id, attributes: { id: Number(id) } } });
    this.onload?.();
  }
}

beforeEach(() => {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const file = (name: string) => new File(['hello'], name, { type: 'text/plain' });

describe('uploadProjectFile', () => {
  it('sends the raw file to the streamed route with its name and type, and reports progress', async () => {
    const progress: number[] = [];
    const handle = uploadProjectFile(7, file('Plan ü.txt'), (p) => progress.push(p));
    const [xhr] = FakeXhr.all;
    expect(xhr).toMatchObject({ method: 'POST', url: '/api/project/7/file/upload', sent: true });
    expect(xhr!.headers).toMatchObject({
      'Content-Type': 'application/octet-stream',
      'X-File-Name': 'Plan%20%C3%BC.txt',
      'X-File-Type': 'text/plain',
    });
    expect(xhr!.body).toBeInstanceOf(File);
    xhr!.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    xhr!.answer(201, '12');
    expect(await handle.promise).toBe(12);
    expect(progress).toEqual([25]);
  });

  it('keeps at most 3 uploads in flight; the next starts when one ends, a cancelled waiting one never does', async () => {
    const handles = ['a', 'b', 'c', 'd', 'e'].map((n) => uploadProjectFile(1, file(n), () => {}));
    const sent = () => FakeXhr.all.filter((x) => x.sent).length;
    expect(sent()).toBe(3);
    handles[4]!.abort();
    await expect(handles[4]!.promise).rejects.toMatchObject({ message: 'aborted' });
    FakeXhr.all[0]!.answer(201, '1');
    expect(await handles[0]!.promise).toBe(1);
    expect(sent()).toBe(4);
    // Cancel of an upload in flight aborts its request and frees its turn.
    handles[1]!.abort();
    await expect(handles[1]!.promise).rejects.toMatchObject({ message: 'aborted' });
    expect(FakeXhr.all[1]!.aborted).toBe(true);
    expect(sent()).toBe(4);
    for (const x of FakeXhr.all.filter((x) => x.sent && !x.aborted && x.status === 0)) x.answer(201, '9');
    await Promise.all([handles[2]!.promise, handles[3]!.promise]);
    // Nothing is left waiting: a new upload starts at once.
    uploadProjectFile(1, file('f'), () => {});
    expect(FakeXhr.all.at(-1)!.sent).toBe(true);
  });
});
