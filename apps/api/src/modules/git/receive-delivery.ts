import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { GitProvider } from '@dd/domain';
import { verify } from '@octokit/webhooks-methods';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { OFF_THREAD_BYTES, readOffThread } from './large-delivery.ts';
import { HANDLED_EVENTS, repositoryNameOf } from './provider-payloads.ts';
import { findConnectedRepository, findConnectedRepositoryById } from './repositories.ts';
import { openSecret, sameSecret } from './secret-box.ts';

export const GIT_DELIVERY_JOB = 'git-delivery';
/** The job's payload (json_build_object in receiveDelivery): a bigserial id, as a number. */
export type GitDeliveryJob = { deliveryId: number };
export type DeliveryResult = 'accepted' | 'ignored' | 'duplicate';

type Headers = Record<string, string | string[] | undefined>;
const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** Also the answer for a repository that is not connected: the answers do not tell which names are. */
const badSignature = () => new AppError('unauthorized', { title: 'Missing or invalid webhook signature' });
const notJson = () =>
  new AppError('bad_request', {
    title: 'The delivery is not JSON (choose the application/json content type)',
  });

/** The header that carries the signature (GitHub) or the secret itself (GitLab). */
export const signatureHeader = (provider: GitProvider) =>
  provider === 'github' ? 'x-hub-signature-256' : 'x-gitlab-token';

/** GitHub's X-Hub-Signature-256 over the raw bytes, before anything reads them as text or JSON. */
function signedWith(secret: string, body: Buffer, signature: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * One webhook delivery (docs/adr/0023-webhooks.md): the repository it names, its signature checked with
 * that repository's secret, then the raw body stored and a job queued in one statement; the work is the
 * job's. A body over 1 MiB is decoded, parsed and hashed in a worker thread (large-delivery.ts), so the
 * event loop serves other requests meanwhile. A delivery id this repository sent before is answered 'duplicate'
 * and nothing is done; another repository's same id is its own delivery (migration 0035).
 */
export async function receiveDelivery(
  db: Db,
  input: {
    provider: GitProvider;
    headers: Headers;
    body: Buffer;
    appSecret: string;
    now: Date;
    /** The repository of the URL (its own webhook URL), when the delivery came there. */
    repositoryId?: number;
  },
): Promise<DeliveryResult> {
  const { provider, headers, body } = input;
  const signature = header(headers, signatureHeader(provider));
  if (!signature) throw badSignature();
  const event = header(headers, provider === 'github' ? 'x-github-event' : 'x-gitlab-event') ?? '';
  if (input.repositoryId !== undefined)
    return receiveAtRepositoryUrl(db, { ...input, repositoryId: input.repositoryId, signature, event });

  const reader = body.length > OFF_THREAD_BYTES ? readOffThread(provider, body) : readInline(provider, body);
  try {
    const { json, name } = await reader.read();
    if (!json) throw notJson();
    // An organisation's or an app's hook (ping, installation, security advisories) names no repository:
    // there is nothing of ours to do, and nothing is stored.
    if (!name) return 'ignored';
    const repository = await findConnectedRepository(db, provider, name);
    if (!repository) throw badSignature();
    const secret = repository.secretCipher ? openSecret(input.appSecret, repository.secretCipher) : null;
    if (!secret) throw badSignature();
    const valid =
      provider === 'github' ? await reader.verify(secret, signature) : sameSecret(signature, secret);
    if (!valid) throw badSignature();
    return await store(db, { ...input, repositoryId: repository.id, event });
  } finally {
    reader.close();
  }
}

/**
 * A delivery to the repository's own URL: the secret is known before the body is read, so the signature is
 * checked on the raw bytes first and an unsigned body is never decoded or parsed. An event not handled is
 * answered 'ignored' once signed; a handled one must name this URL's repository, or none.
 */
async function receiveAtRepositoryUrl(
  db: Db,
  input: {
    provider: GitProvider;
    headers: Headers;
    body: Buffer;
    appSecret: string;
    now: Date;
    repositoryId: number;
    signature: string;
    event: string;
  },
): Promise<DeliveryResult> {
  const { provider, body, signature } = input;
  const repository = await findConnectedRepositoryById(db, provider, input.repositoryId);
  const secret = repository?.secretCipher ? openSecret(input.appSecret, repository.secretCipher) : null;
  if (!repository || !secret) throw badSignature();
  const valid = provider === 'github' ? signedWith(secret, body, signature) : sameSecret(signature, secret);
  if (!valid) throw badSignature();
  if (!HANDLED_EVENTS[provider].includes(input.event)) return 'ignored';
  const reader = body.length > OFF_THREAD_BYTES ? readOffThread(provider, body) : readInline(provider, body);
  try {
    const { json, name } = await reader.read();
    if (!json) throw notJson();
    // Signed with this repository's secret: a payload without a repository (an organisation's ping) is
    // taken as this URL's.
    if (name && name.toLowerCase() !== repository.name.toLowerCase())
      throw new AppError('bad_request', {
        title: `The delivery names another repository than ${repository.name}, whose URL this is`,
      });
    return await store(db, { ...input, repositoryId: repository.id });
  } finally {
    reader.close();
  }
}

/** A body under OFF_THREAD_BYTES, read here: GitHub's signature checked by @octokit/webhooks-methods. */
function readInline(provider: GitProvider, body: Buffer) {
  const text = body.toString('utf8');
  let payload: unknown;
  let json = true;
  try {
    payload = JSON.parse(text);
  } catch {
    json = false;
  }
  return {
    read: async () => ({ json, name: json ? repositoryNameOf(provider, payload) : null }),
    verify: (secret: string, signature: string) => verify(secret, text, signature),
    close: () => {},
  };
}

async function store(
  db: Db,
  input: {
    provider: GitProvider;
    headers: Headers;
    body: Buffer;
    now: Date;
    repositoryId: number;
    event: string;
  },
): Promise<DeliveryResult> {
  const { provider, headers, body, event } = input;
  if (!HANDLED_EVENTS[provider].includes(event)) return 'ignored';
  // Without a delivery id (older GitLab), the body's own hash identifies a replay.
  const deliveryId =
    header(headers, provider === 'github' ? 'x-github-delivery' : 'x-gitlab-event-uuid') ??
    `sha256:${createHash('sha256').update(body).digest('hex')}`;
  // One statement: the delivery stored and its job queued together, or neither (a replay inserts nothing).
  const queued = (await db.execute(sql`
    with stored as (
      insert into ${webhookDeliveries} (repository_id, provider, delivery_id, event, body, received_at)
      values (${input.repositoryId}, ${provider}, ${deliveryId.slice(0, 200)}, ${event}, ${body}, ${input.now})
      on conflict (repository_id, delivery_id) do nothing
      returning id
    )
    select id, graphile_worker.add_job(${GIT_DELIVERY_JOB}, json_build_object('deliveryId', id)) from stored`)) as unknown as {
    rows: Array<{ id: string }>;
  };
  return queued.rows.length > 0 ? 'accepted' : 'duplicate';
}
