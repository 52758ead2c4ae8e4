// A full disk under the uploads. Files live in the database (file_chunks, docs/adr/0008-streamed-files.md),
// so the disk that fills is the one holding that table: here a small tmpfs, made its tablespace, under the
// real `npm start`. An upload that meets the full disk must answer a clear 507 with a JSON:API error (not
// a 500), reads go on, uploads succeed again once space is freed (a ballast file removed, as an operator
// would clear space), and after a kill -9 and restart every file answered 201 downloads byte for byte.
//
// Only the table's files are on the small disk: PostgreSQL's WAL stays on the normal one. A WAL that
// cannot be written makes PostgreSQL stop itself (PANIC) by design, whatever the app does; that case is
// not tested here (docs/product.md §F12).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { clusterPaths, postgresUser, readPidFile, socketUrl } from '../apps/api/src/db/embedded-postgres.ts';
import { type RunningApp, startApp } from './support/app.ts';
import { request, serverPidUnder, tokenOf } from './support/load.ts';
import { repoRoot } from './support/paths.ts';

const DISK_MB = 16;
const BALLAST_MB = 5;
const FILE_BYTES = 3_000_000;

let app: RunningApp | undefined;
let folder = '';
let mounted = '';
after(async () => {
  await app?.stop();
  if (mounted) {
    try {
      execFileSync('umount', [mounted]);
    } catch {
      execFileSync('umount', ['-l', mounted]);
    }
  }
  if (folder) await rm(folder, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test(`a full disk under the uploads (${DISK_MB} MB tmpfs): 507, reads go on, uploads resume once space is freed, nothing corrupt after a restart`, {
  timeout: 120_000,
}, async (t) => {
  folder = await mkdtemp(join(tmpdir(), 'dd-full-disk-'));
  chmodSync(folder, 0o711); // the embedded PostgreSQL runs as `postgres` when we are root
  const disk = join(folder, 'disk');
  mkdirSync(disk);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m,mode=0711`, 'tmpfs', disk], {
      stdio: 'pipe',
    });
    mounted = disk;
  } catch (error) {
    const why = `cannot mount a tmpfs here (${String((error as { stderr?: Buffer }).stderr ?? error).trim()}); this test needs root and mount(2)`;
    console.log(`full disk: SKIPPED — ${why}`);
    t.skip(why);
    return;
  }
  const tablespace = join(disk, 'tablespace');
  mkdirSync(tablespace, { mode: 0o700 });
  const runAs = postgresUser();
  if (runAs) chownSync(tablespace, runAs.uid, runAs.gid);
  const ballast = join(disk, 'ballast');
  writeFileSync(ballast, randomBytes(BALLAST_MB * 1024 * 1024));

  app = await startApp({
    command: [process.execPath, `${repoRoot}/scripts/start.mjs`],
    env: { LOG_LEVEL: 'warn' },
  });
  const base = app.url;
  const pidFile = readPidFile(clusterPaths(app.dataDir).cluster)!;
  const db = new pg.Client(socketUrl(pidFile.socketDir, pidFile.port, 'postgres'));
  await db.connect();
  await db.query(`create tablespace small_disk location '${tablespace}'`);
  // The table and its TOAST table (where the chunk bytes go) move; WAL stays on the big disk.
  await db.query('alter table file_chunks set tablespace small_disk');
  await db.end();

  const token = await tokenOf(base, app.admin.email, app.admin.password);
  const project = await request(base, 'POST', '/api/project/create', {
    token,
    body: { data: { type: 'project', attributes: { title: 'Full disk' } } },
  });
  assert.equal(project.status, 201, project.body);
  const projectId = (JSON.parse(project.body) as { data: { id: string } }).data.id;

  const upload = async (name: string, bytes: Buffer) => {
    const res = await fetch(`${base}/api/project/${projectId}/file/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/octet-stream',
        'x-file-name': name,
      },
      body: new Uint8Array(bytes),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
  };
  const stored = new Map<string, string>(); // file id → sha256 of what was sent
  let refused: Awaited<ReturnType<typeof upload>> | undefined;
  for (let i = 0; i < 12 && !refused; i++) {
    const bytes = randomBytes(FILE_BYTES);
    const answer = await upload(`fill-${i}.bin`, bytes);
    if (answer.status === 201) {
      stored.set((JSON.parse(answer.body) as { data: { id: string } }).data.id, sha256(bytes));
    } else refused = answer;
  }
  assert.ok(refused, 'the disk filled up');
  const beforeFull = stored.size;
  assert.ok(beforeFull >= 1, 'uploads succeeded before the disk was full');
  assert.ok(
    refused.status === 507 || refused.status === 413,
    `507 or 413, got ${refused.status}: ${refused.body}`,
  );
  assert.match(refused.type, /application\/vnd\.api\+json/);
  const error = (
    JSON.parse(refused.body) as { errors: Array<{ status: string; code: string; title: string }> }
  ).errors[0]!;
  assert.equal(error.status, String(refused.status));
  assert.equal(error.code, 'insufficient_storage');

  // Still full: reads go on (health, a download, a list), and so do writes that need no room on that disk.
  const health = await request(base, 'GET', '/api/health');
  assert.equal(health.status, 200, health.body);
  const download = async (id: string) => {
    const res = await fetch(`${base}/api/file/${id}/download`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.status, sha: sha256(Buffer.from(await res.arrayBuffer())) };
  };
  const [firstId, firstSha] = [...stored][0]!;
  assert.deepEqual(await download(firstId), { status: 200, sha: firstSha });
  const list = await request(base, 'GET', '/api/company/search?page[number]=1&page[size]=5', { token });
  assert.equal(list.status, 200, list.body);
  const other = await request(base, 'POST', '/api/company/create', {
    token,
    body: { data: { type: 'company', attributes: { title: 'Written while the file disk is full' } } },
  });
  assert.equal(other.status, 201, other.body);
  const again = await upload('still-full.bin', randomBytes(FILE_BYTES));
  assert.equal(again.status, refused.status, 'the disk is still full');

  // Space freed: uploads succeed again, with no restart.
  rmSync(ballast);
  const resumedBytes = randomBytes(FILE_BYTES);
  const resumed = await upload('after-freeing.bin', resumedBytes);
  assert.equal(resumed.status, 201, resumed.body);
  stored.set((JSON.parse(resumed.body) as { data: { id: string } }).data.id, sha256(resumedBytes));

  // A kill -9 and restart: every file answered 201 is whole, and no refused upload left a file behind.
  const victim = await serverPidUnder(app.pid);
  process.kill(victim, 'SIGKILL');
  const killedAt = Date.now();
  while ((await request(base, 'GET', '/api/health', { timeoutMs: 1_000 })).status !== 200) {
    assert.ok(Date.now() - killedAt < 60_000, `no restart:\n${app.logTail()}`);
    await sleep(100);
  }
  const restartSeconds = (Date.now() - killedAt) / 1000;
  const whole: string[] = [];
  for (const [id, sha] of stored) {
    const got = await download(id);
    assert.deepEqual(got, { status: 200, sha }, `file ${id} after the restart`);
    whole.push(id);
  }
  const after = new pg.Client(socketUrl(pidFile.socketDir, pidFile.port, 'postgres'));
  await after.connect();
  const { rows } = await after.query<{ files: string; unfinished: string; chunks: string; bytes: string }>(
    `select count(*) filter (where f.upload_lease_until is null) as files,
            count(*) filter (where f.upload_lease_until is not null) as unfinished,
            (select count(*) from file_chunks c join project_files p on p.id = c.file_id where p.project_id = $1) as chunks,
            (select coalesce(sum(length(c.data)), 0) from file_chunks c join project_files p on p.id = c.file_id where p.project_id = $1) as bytes
       from project_files f where f.project_id = $1`,
    [projectId],
  );
  await after.end();
  const counts = rows[0]!;
  console.log(
    `full disk: ${DISK_MB} MB tmpfs with ${BALLAST_MB} MB ballast; ${beforeFull} uploads of ${FILE_BYTES / 1e6} MB took it, ` +
      `the next answered ${refused.status} ${error.code} "${error.title}" (and ${again.status} again while full); ` +
      `health, a download, a list and a company write answered ${health.status}/200/${list.status}/${other.status} meanwhile; ` +
      `after freeing ${BALLAST_MB} MB an upload answered ${resumed.status}; after kill -9 health was back in ${restartSeconds.toFixed(1)} s ` +
      `and ${whole.length}/${stored.size} files downloaded byte for byte; database: ${counts.files} files, ${counts.unfinished} unfinished, ` +
      `${counts.chunks} chunks, ${counts.bytes} bytes`,
  );
  assert.equal(Number(counts.files), stored.size, 'exactly the files answered 201 are there');
  assert.equal(Number(counts.unfinished), 0, 'no refused upload left a hidden file');
  assert.equal(Number(counts.bytes), stored.size * FILE_BYTES, 'no refused upload left chunks');
});
