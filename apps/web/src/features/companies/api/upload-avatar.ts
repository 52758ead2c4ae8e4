import { api, type Resource, toDocument } from '../../../lib/api-client.ts';

/** POST /api/image/upload with the image as a data URL and a title; answers the stored image's url. */
export async function uploadAvatar(file: File): Promise<string> {
  const data = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
  const { data: image } = await api.post<Resource>(
    '/image/upload',
    toDocument('image', { title: file.name, data }),
  );
  return String(image.url ?? '');
}
