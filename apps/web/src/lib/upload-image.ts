import { type RequestOptions, read, toDocument } from './api-client.ts';

/** Reads a picked file as a data URL: the wire format of image and file uploads (docs/product.md §C3, §C7). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

/** POST /api/image/upload with the image as a data URL and its file name as title; answers data.url. */
export async function uploadImage(file: File, options?: RequestOptions): Promise<string> {
  const { data: image } = await read('POST /api/image/upload', {
    ...options,
    body: toDocument('image', { title: file.name, data: await readAsDataUrl(file) }),
  });
  return image.url;
}
