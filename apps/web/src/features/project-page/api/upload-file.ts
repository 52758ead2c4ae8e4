import {
  ApiError,
  type ApiErrorObject,
  deserialize,
  type JsonApiDocument,
  toDocument,
} from '../../../lib/api-client.ts';
import { readAsDataUrl } from '../../../lib/upload-image.ts';

const APP_KEY = import.meta.env.VITE_APP_KEY || 'web';

export type UploadHandle = { promise: Promise<number>; abort: () => void };

/**
 * POST /api/project/{id}/upload-file with upload progress and Cancel (client spec §4, §7). fetch cannot
 * report upload progress, so this one call uses XMLHttpRequest; the document is built and read with
 * the shared api-client helpers. Resolves with the new file id.
 */
export function uploadProjectFile(
  projectId: number,
  file: File,
  onProgress: (percent: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  let aborted = false;
  const promise = (async () => {
    const data = await readAsDataUrl(file);
    if (aborted) throw new ApiError(0, [], 'aborted');
    return new Promise<number>((resolve, reject) => {
      xhr.open('POST', `/api/project/${projectId}/upload-file`);
      xhr.setRequestHeader('Accept', 'application/vnd.api+json');
      xhr.setRequestHeader('Content-Type', 'application/vnd.api+json');
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
        if (xhr.status >= 200 && xhr.status < 300 && document) {
          const { data } = deserialize<{ id: string }>(document);
          resolve(Number(data.id));
        } else reject(new ApiError(xhr.status, (document?.errors ?? []) as ApiErrorObject[]));
      };
      xhr.onerror = () => reject(new ApiError(0, [], 'Network error'));
      xhr.onabort = () => reject(new ApiError(0, [], 'aborted'));
      xhr.send(JSON.stringify(toDocument('file', { title: file.name, data })));
    });
  })();
  return {
    promise,
    abort: () => {
      aborted = true;
      xhr.abort();
    },
  };
}
