import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { GitProvider } from '@dd/domain';
import { sign } from '@octokit/webhooks-methods';
import type { FastifyInstance } from 'fastify';

/**
 * Helpers of the Git tests: the providers' own example payloads (GitHub's from @octokit/webhooks-examples,
 * GitLab's documented ones in fixtures/), and deliveries signed as each provider signs them.
 */

type Json = Record<string, unknown>;
const githubExamples = createRequire(import.meta.url)('@octokit/webhooks-examples') as Array<{
  name: string;
  examples: Json[];
}>;

/** A copy of one of GitHub's examples of an event, the first that matches. */
export function githubExample(event: string, match: (payload: Json) => boolean = () => true): Json {
  const entry = githubExamples.find((e) => e.name === event);
  const example = entry?.examples.find(match);
  if (!example) throw new Error(`no GitHub example of ${event}`);
  return structuredClone(example);
}

export function gitlabExample(name: 'push-hook' | 'merge-request-hook'): Json {
  return JSON.parse(readFileSync(new URL(`./fixtures/gitlab-${name}.json`, import.meta.url), 'utf8')) as Json;
}

export type Delivery = {
  provider: GitProvider;
  event: string;
  payload: Json | string;
  secret: string;
  deliveryId?: string;
  /** a signature to send instead of the right one (null: none) */
  signature?: string | null;
  /** the URL to post to: the provider's shared one unless a repository's own is given */
  url?: string;
};

/** Sends a delivery as the provider would: GitHub signs the body, GitLab sends the secret as a token. */
export async function deliver(app: FastifyInstance, delivery: Delivery) {
  const body = typeof delivery.payload === 'string' ? delivery.payload : JSON.stringify(delivery.payload);
  const id = delivery.deliveryId ?? randomUUID();
  const signature =
    delivery.signature === undefined
      ? delivery.provider === 'github'
        ? await sign(delivery.secret, body)
        : delivery.secret
      : delivery.signature;
  const headers: Record<string, string> =
    delivery.provider === 'github'
      ? { 'x-github-event': delivery.event, 'x-github-delivery': id, 'user-agent': 'GitHub-Hookshot/test' }
      : { 'x-gitlab-event': delivery.event, 'x-gitlab-event-uuid': id, 'user-agent': 'GitLab/test' };
  if (signature !== null)
    headers[delivery.provider === 'github' ? 'x-hub-signature-256' : 'x-gitlab-token'] = signature;
  return app.inject({
    method: 'POST',
    url: delivery.url ?? `/api/webhooks/${delivery.provider}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}
