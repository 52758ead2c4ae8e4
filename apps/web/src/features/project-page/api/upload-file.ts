import type { AnswerData } from '@dd/domain';
import { ApiError, type ApiErrorObject, deserialize, type JsonApiDocument } from '../../../lib/api-client.ts';

const APP_KEY = import.meta.env.VITE_APP_KEY || 'web';
/** The server lets a user have 3 uploads in flight (a 4th gets 429): later files wait their turn here. */
const MAX_IN_FLIGHT = 3;

export type UploadHandle = { promise: Promise<number>; abort: () => void };

let inFlight = 0;
const waiting: Array<() => void> = [];
function release() {
  inFlight--;
  waiting.shift()?.();
}

/**
 * POST /api/project/{id}/file/upload: the file's raw bytes, streamed by the server into the database, with
 * upload progress and Cancel (docs/product.md §C4, §C7). fetch cannot report upload progress, so this one call
 * uses XMLHttpRequest; the answer is read with the shared api-client helpers. Cancel aborts the request and
 * the server removes the partial file. Resolves with the new file id.
 */
export function uploadProjectFile(
  projectId: number,
  file: File,
  onProgress: (percent: number) => void,
  /** `chat`: a file for a chat message (any chat writer may send one; docs/adr/0022-project-chat.md). */
  purpose: 'files' | 'chat' = 'files',
): UploadHandle {
  const xhr = new XMLHttpRequest();
  let started = false;
  let cancelWait = () => {};
  const promise = new Promise<number>((resolve, reject) => {
    const start = () => {
      started = true;
      inFlight++;
      const settle = (done: () => void) => {
        release();
        done();
      };
      xhr.open('POST', `/api/project/${projectId}/file/upload${purpose === 'chat' ? '?for=chat' : ''}`);
      xhr.setRequestHeader('Accept', 'application/vnd.api+json');
      xhr.setRequestHeader('Content-Type', 'application/octet-stream');
      xhr.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
      if (file.type) xhr.setRequestHeader('X-File-Type', file.type);
      xhr.setRequestHeader('X-Application-Key', APP_KEY);
      xhr.withCredentials = true;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      };
      xhr.onload = () => {
        let document: JsonApiDocument | undefined;
        try {
          document = JSON.parse(xhr.responseText) as JsonApiDocument;
        } catch {
          document = undefined;
        }
        settle(() => {
          if (xhr.status >= 200 && xhr.status < 300 && document) {
            const { data } = deserialize<AnswerData<'POST /api/project/{id}/file/upload'>>(document);
            resolve(Number(data.id));
          } else reject(new ApiError(xhr.status, (document?.errors ?? []) as ApiErrorObject[]));
        });
      };
      xhr.onerror = () => settle(() => reject(new ApiError(0, [], 'Network error')));
      xhr.onabort = () => settle(() => reject(new ApiError(0, [], 'aborted')));
      xhr.send(file);
    };
    if (inFlight < MAX_IN_FLIGHT) start();
    else {
      // Cancel takes a waiting upload out of the queue, so its turn only comes while it is wanted.
      const turn = () => start();
      waiting.push(turn);
      cancelWait = () => {
        const at = waiting.indexOf(turn);
        if (at >= 0) waiting.splice(at, 1);
        reject(new ApiError(0, [], 'aborted'));
      };
    }
  });
  return {
    promise,
    abort: () => {
      if (started) xhr.abort();
      else cancelWait();
    },
  };
}
