import { MAX_FILE_SIZE } from '@dd/domain';
import { and, asc, count, eq, gt, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fileChunks, projectFiles } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { publishEvent } from '../events/publish-event.ts';

/**
 * Files live in `file_chunks` rows of at most this many bytes (768 KiB, a multiple of 3 so that a base64
 * body decodes slice by slice into whole chunks). Neither an upload nor a download holds more than about
 * one chunk per request in memory (docs/adr/0008-streamed-files.md).
 */
export const FILE_CHUNK_SIZE = 786_432;
export const MAX_UPLOADS_IN_FLIGHT = 3;
export const TOO_MANY_UPLOADS = 'Too many uploads in progress, wait for one to finish';
/** A lease runs this long past the last bytes received; a crashed process or vanished client frees its slot then. */
export const UPLOAD_LEASE_SECONDS = 180;
const RENEW_AFTER_MS = 30_000;
/** Advisory lock namespace of "this user's upload slots" (the second key is the user id). */
const UPLOAD_SLOT_LOCK = 120_004;
const READ_BATCH = 2;
/**
 * At most this many chunk queries of one process run at a time, whatever the number of transfers: the
 * others wait (and their sockets with them), so the connection pool always has room for other requests.
 * This shares the pool fairly; it decides nothing (the slots above are counted in the database).
 */
const CHUNK_QUERIES_PER_PROCESS = 2;

class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
const gates = new WeakMap<Db, Gate>();
function chunkGate(db: Db): Gate {
  let gate = gates.get(db);
  if (!gate) {
    gate = new Gate(CHUNK_QUERIES_PER_PROCESS);
    gates.set(db, gate);
  }
  return gate;
}

const leaseFromNow = () => sql`now() + make_interval(secs => ${UPLOAD_LEASE_SECONDS})`;

export type NewUpload = { projectId: number; title: string; mime: string; uploadedById: number };

/**
 * Takes one of the user's upload slots and creates the file row, hidden until finishUpload. The slot count
 * is decided in the database under a per-user advisory lock, so it holds across app processes.
 */
export async function beginUpload(db: Db, input: NewUpload): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_SLOT_LOCK}::int, ${input.uploadedById}::int)`);
    // Uploads whose lease ran out (a crashed process, a client gone silent) go, with their chunks.
    await tx.delete(projectFiles).where(lt(projectFiles.uploadLeaseUntil, sql`now()`));
    const [inFlight] = await tx
      .select({ n: count() })
      .from(projectFiles)
      .where(
        and(eq(projectFiles.uploadedById, input.uploadedById), isNotNull(projectFiles.uploadLeaseUntil)),
      );
    if ((inFlight?.n ?? 0) >= MAX_UPLOADS_IN_FLIGHT)
      throw new AppError('too_many_requests', { title: TOO_MANY_UPLOADS });
    const [file] = await tx
      .insert(projectFiles)
      .values({ ...input, size: 0, uploadLeaseUntil: leaseFromNow() })
      .returning({ id: projectFiles.id });
    return file!.id;
  });
}

/** Extends the lease of an upload in flight; false when it already ran out (the slot may be someone else's). */
async function renewLease(db: Db, fileId: number): Promise<boolean> {
  const renewed = await db
    .update(projectFiles)
    .set({ uploadLeaseUntil: leaseFromNow() })
    .where(and(eq(projectFiles.id, fileId), gt(projectFiles.uploadLeaseUntil, sql`now()`)))
    .returning({ id: projectFiles.id });
  return renewed.length === 1;
}

const isForeignKeyViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
};

const leaseLost = () => new AppError('conflict', { title: 'The upload took too long, please try again' });

/**
 * Writes the bytes of `source` as the file's chunks, one chunk at a time: the source is read only as fast
 * as the database takes the chunks. Throws `tooLarge()` as soon as the bytes pass MAX_FILE_SIZE.
 * Returns the number of bytes written.
 */
export async function writeChunks(
  db: Db,
  fileId: number,
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  tooLarge: () => AppError,
): Promise<number> {
  let size = 0;
  let seq = 0;
  // One buffer per upload, filled and written again and again: the driver has copied the bytes by the time
  // an insert answers, and reusing it spares the garbage collector a 768 KiB buffer per chunk.
  const chunk = Buffer.allocUnsafe(FILE_CHUNK_SIZE);
  let filled = 0;
  let renewedAt = Date.now();
  const flush = async (bytes: Buffer) => {
    const row = { fileId, seq: seq++, data: bytes };
    try {
      await chunkGate(db).run(() => db.insert(fileChunks).values(row));
    } catch (error) {
      // The file row is gone: its lease ran out and another upload swept it (or the project was deleted).
      if (isForeignKeyViolation(error)) throw leaseLost();
      throw error;
    }
    if (Date.now() - renewedAt > RENEW_AFTER_MS) {
      if (!(await renewLease(db, fileId))) throw leaseLost();
      renewedAt = Date.now();
    }
  };
  for await (const piece of source) {
    size += piece.length;
    if (size > MAX_FILE_SIZE) throw tooLarge();
    for (let at = 0; at < piece.length; ) {
      const copied = piece.copy(chunk, filled, at, Math.min(piece.length, at + FILE_CHUNK_SIZE - filled));
      filled += copied;
      at += copied;
      if (filled === FILE_CHUNK_SIZE) {
        await flush(chunk);
        filled = 0;
      }
    }
  }
  if (filled > 0) await flush(chunk.subarray(0, filled));
  return size;
}

/** Shows the file and frees the user's slot; fails when the lease ran out meanwhile. */
export async function finishUpload(
  db: Db,
  fileId: number,
  size: number,
  meta: { title: string; mime: string },
) {
  return db.transaction(async (tx) => {
    const [file] = await tx
      .update(projectFiles)
      .set({ size, title: meta.title, mime: meta.mime, uploadLeaseUntil: null })
      .where(and(eq(projectFiles.id, fileId), gt(projectFiles.uploadLeaseUntil, sql`now()`)))
      .returning();
    if (!file) throw leaseLost();
    // The file shows on the project page only now, so this is when open pages hear of it (live events).
    await publishEvent(tx, { kind: 'file', id: file.id, projectId: file.projectId });
    return file;
  });
}

/** Removes an unfinished upload with its chunks and frees the slot. */
export async function discardUpload(db: Db, fileId: number): Promise<void> {
  await db
    .delete(projectFiles)
    .where(and(eq(projectFiles.id, fileId), isNotNull(projectFiles.uploadLeaseUntil)));
}

/**
 * Stores a file from a stream of bytes through one of the user's upload slots; on any failure (too large,
 * client gone, database error) the partial file is removed and the slot freed before the error goes on.
 */
export async function storeFile(
  db: Db,
  input: NewUpload,
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  tooLarge: () => AppError,
) {
  const fileId = await beginUpload(db, input);
  return fillUpload(db, fileId, input, source, tooLarge);
}

/** As storeFile, into a slot taken earlier with beginUpload; the file gets its title and type at the end. */
export async function fillUpload(
  db: Db,
  fileId: number,
  meta: { title: string; mime: string },
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  tooLarge: () => AppError,
) {
  try {
    const size = await writeChunks(db, fileId, source, tooLarge);
    return await finishUpload(db, fileId, size, meta);
  } catch (error) {
    // When even this fails, the lease runs out and the next upload sweeps the row.
    await discardUpload(db, fileId).catch(() => {});
    throw error;
  }
}

/**
 * A finished file's bytes, chunk by chunk in order, a couple of chunks per query. Throws when the chunks
 * do not add up to `size` (the file was deleted while being read), so a reader never gets a silently
 * truncated file.
 */
export async function* readChunks(db: Db, fileId: number, size: number): AsyncGenerator<Buffer> {
  let nextSeq = 0;
  let sent = 0;
  for (;;) {
    const from = nextSeq;
    const rows = await chunkGate(db).run(() =>
      db
        .select({ seq: fileChunks.seq, data: fileChunks.data })
        .from(fileChunks)
        .where(and(eq(fileChunks.fileId, fileId), gte(fileChunks.seq, from)))
        .orderBy(asc(fileChunks.seq))
        .limit(READ_BATCH),
    );
    for (const row of rows) {
      sent += row.data.length;
      yield row.data;
    }
    if (rows.length < READ_BATCH) break;
    nextSeq = rows.at(-1)!.seq + 1;
  }
  if (sent !== size) throw notFound('File');
}
