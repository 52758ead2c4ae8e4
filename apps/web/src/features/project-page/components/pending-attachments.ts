/** A file on its way up, or one that failed (docs/product.md §C4). */
export type UploadItem = {
  key: number;
  name: string;
  progress: number;
  status: 'uploading' | 'error' | 'size-error';
  abort?: () => void;
};
/** A link being added, or one the server refused. */
export type PendingLink = { key: number; text: string; status: 'adding' | 'error'; message?: string };

const uploadFailed = (item: UploadItem) => item.status !== 'uploading';
const linkFailed = (item: PendingLink) => item.status === 'error';

/** How many rows of the list failed (uploads and links together). */
export function failedCount(uploads: readonly UploadItem[], links: readonly PendingLink[]): number {
  return uploads.filter(uploadFailed).length + links.filter(linkFailed).length;
}

/** The rows still worth showing after "Clear failed": what is uploading or being added stays. */
export function clearFailed(uploads: readonly UploadItem[], links: readonly PendingLink[]) {
  return {
    uploads: uploads.filter((item) => !uploadFailed(item)),
    links: links.filter((item) => !linkFailed(item)),
  };
}

/** "Clear failed" shows once two or more rows failed: one failed row has its own dismiss button. */
export const CLEAR_FAILED_FROM = 2;
