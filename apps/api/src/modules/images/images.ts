import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';
import { AppError, attr, notFound } from '../../lib/app-error.ts';
import { decodeDataUrl } from '../files/data-url.ts';

export const MAX_IMAGE_BYTES = 2_000_000;
export const IMAGE_TYPE_MESSAGE = 'Only .jpeg or .png or .gif images allowed!';

/** The type is read from the bytes, never from the claimed type, so only real images are stored. */
function sniffImageType(bytes: Buffer): string | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  return null;
}

/** POST /image/upload (avatars): PNG, JPEG or GIF up to 2 MB. */
export async function storeImage(db: Db, input: { title: string; data: string }) {
  const decoded = decodeDataUrl(input.data);
  if (!decoded) throw new AppError('unprocessable', { title: IMAGE_TYPE_MESSAGE, pointer: attr('data') });
  if (decoded.bytes.length > MAX_IMAGE_BYTES)
    throw new AppError('unprocessable', { title: 'Maximum image size 2mb', pointer: attr('data') });
  const mime = sniffImageType(decoded.bytes);
  if (!mime) throw new AppError('unprocessable', { title: IMAGE_TYPE_MESSAGE, pointer: attr('data') });
  const [row] = await db
    .insert(images)
    .values({ title: input.title, mime, size: decoded.bytes.length, data: decoded.bytes.toString('base64') })
    .returning({ id: images.id, title: images.title });
  return row!;
}

export async function loadImage(db: Db, id: number) {
  const [row] = await db.select().from(images).where(eq(images.id, id)).limit(1);
  if (!row) throw notFound('Image');
  return { mime: row.mime, bytes: Buffer.from(row.data, 'base64') };
}

export const imageUrl = (id: number) => `/api/image/${id}`;
