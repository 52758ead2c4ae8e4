import { createHash } from 'node:crypto';
import type { GitProvider } from '@dd/domain';
import { verify } from '@octokit/webhooks-methods';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { OFF_THREAD_BYTES, readOffThread } from './large-delivery.ts';
import { HANDLED_EVENTS, repositoryNameOf } from './provider-payloads.ts';
import { findConnectedRepository } from './repositories.ts';
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

const badSignature = () => new AppError('unauthorized', { title: 'Missing or invalid webhook signature' });

/**
 * One webhook delivery (docs/adr/0023-webhooks.md): the repository it names, its signature checked with
 * that repository's secret, then the raw body stored and a job queued in one statement; the work is the
 * job's. A body over 1 MiB is decoded, parsed and hashed in a worker thread (large-delivery.ts), so the
 * event loop serves other requests meanwhile. A delivery id this repository sent before is answered 'duplicate'
 * and nothing is done; another repository's same id is its own delivery (migration 0035).
 */
export async function receiveDelivery(
  db: Db,
  input: { provider: GitProvider; headers: Headers; body: Buffer; appSecret: string; now: Date },
): Promise<DeliveryResult> {
  const { provider, headers, body } = input;
  const signature = header(headers, provider === 'github' ? 'x-hub-signature-256' : 'x-gitlab-token');
  if (!signature) throw badSignature();
  const event = header(headers, provider === 'github' ? 'x-github-event' : 'x-gitlab-event') ?? '';

  const reader = body.length > OFF_THREAD_BYTES ? readOffThread(provider, body) : readInline(provider, body);
  try {
    const { json, name } = await reader.read();
    if (!json)
      throw new AppError('bad_request', {
        title: 'The delivery is not JSON (choose the application/json content type)',
      });
    const repository = name ? await findConnectedRepository(db, provider, name) : null;
    if (!repository) throw notFound('Repository');
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
