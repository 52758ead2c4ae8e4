import type { GitProvider } from '@dd/domain';

/**
 * What this app reads from the providers' webhook payloads, whatever the provider: the repository it
 * names, and the pushes and pull/merge requests in one shape. Anything not listed here is ignored.
 */

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
// PostgreSQL text refuses U+0000; a commit message may carry one.
const text = (v: unknown, fallback = ''): string => (str(v) ?? fallback).replaceAll('\u0000', '');

/** The events handled per provider (header value); any other is answered 202 and dropped. */
export const HANDLED_EVENTS: Readonly<Record<GitProvider, readonly string[]>> = {
  github: ['ping', 'push', 'pull_request', 'create', 'delete'],
  gitlab: ['Push Hook', 'Merge Request Hook'],
};

/** The repository a payload is about: GitHub's repository.full_name, GitLab's project.path_with_namespace. */
export function repositoryNameOf(provider: GitProvider, payload: unknown): string | null {
  const body = obj(payload);
  return provider === 'github'
    ? str(obj(body.repository).full_name)
    : str(obj(body.project).path_with_namespace);
}

export type PushedCommit = { sha: string; message: string; authorName: string; url: string | null; at: Date };
export type Push = { kind: 'push'; branch: string; defaultBranch: string | null; commits: PushedCommit[] };
export type PullRequest = {
  kind: 'pull-request';
  number: number;
  title: string;
  body: string;
  state: 'open' | 'merged' | 'closed';
  /** opened, reopened or merged: the moments its commands count */
  acts: boolean;
  url: string | null;
  authorName: string;
  sourceBranch: string;
  targetBranch: string;
  defaultBranch: string | null;
};
/** A branch created or deleted (or a tag, or a ping): `deleted` names a branch that is gone. */
export type Branch = { kind: 'branch'; defaultBranch: string | null; deleted?: string };
export type GitChange = Push | PullRequest | Branch | null;

const dateOf = (v: unknown) => {
  const at = new Date(str(v) ?? Number.NaN);
  return Number.isNaN(at.getTime()) ? new Date() : at;
};
const branchOf = (ref: unknown) => {
  const r = str(ref);
  return r?.startsWith('refs/heads/') ? r.slice('refs/heads/'.length) : null;
};

function commitsOf(list: unknown): PushedCommit[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((c) => {
    const commit = obj(c);
    const sha = str(commit.id);
    if (!sha) return [];
    return [
      {
        sha: text(sha).slice(0, 64),
        message: text(commit.message),
        authorName: text(obj(commit.author).name, 'unknown'),
        url: str(commit.url),
        at: dateOf(commit.timestamp),
      },
    ];
  });
}

function github(event: string, payload: Json): GitChange {
  const repo = obj(payload.repository);
  const defaultBranch = str(repo.default_branch);
  if (event === 'push') {
    const branch = branchOf(payload.ref);
    if (!branch) return { kind: 'branch', defaultBranch };
    // A deleted branch is also announced as a push with deleted: true (and by the delete event).
    if (payload.deleted === true) return { kind: 'branch', defaultBranch, deleted: branch };
    return { kind: 'push', branch, defaultBranch, commits: commitsOf(payload.commits) };
  }
  if (event === 'pull_request') {
    const pr = obj(payload.pull_request);
    const number = Number(pr.number);
    if (!Number.isSafeInteger(number)) return null;
    const merged = pr.merged === true;
    const action = str(payload.action);
    return {
      kind: 'pull-request',
      number,
      title: text(pr.title),
      body: text(pr.body),
      state: merged ? 'merged' : pr.state === 'closed' ? 'closed' : 'open',
      acts: action === 'opened' || action === 'reopened' || (action === 'closed' && merged),
      url: str(pr.html_url),
      authorName: text(obj(pr.user).login, 'unknown'),
      sourceBranch: text(obj(pr.head).ref),
      targetBranch: text(obj(pr.base).ref),
      defaultBranch,
    };
  }
  // GitHub's delete event names the branch without refs/heads/ and says whether it was a tag.
  if (event === 'delete' && payload.ref_type === 'branch' && str(payload.ref))
    return { kind: 'branch', defaultBranch, deleted: str(payload.ref)! };
  if (event === 'create' || event === 'delete' || event === 'ping') return { kind: 'branch', defaultBranch };
  return null;
}

function gitlab(event: string, payload: Json): GitChange {
  const project = obj(payload.project);
  const defaultBranch = str(project.default_branch);
  if (event === 'Push Hook') {
    const branch = branchOf(payload.ref);
    if (!branch) return { kind: 'branch', defaultBranch };
    // GitLab announces a deleted branch as a push whose `after` is all zeros.
    if (/^0+$/.test(str(payload.after) ?? '')) return { kind: 'branch', defaultBranch, deleted: branch };
    return { kind: 'push', branch, defaultBranch, commits: commitsOf(payload.commits) };
  }
  if (event === 'Merge Request Hook') {
    const mr = obj(payload.object_attributes);
    const number = Number(mr.iid);
    if (!Number.isSafeInteger(number)) return null;
    const state = str(mr.state);
    const action = str(mr.action);
    return {
      kind: 'pull-request',
      number,
      title: text(mr.title),
      body: text(mr.description),
      state: state === 'merged' ? 'merged' : state === 'closed' ? 'closed' : 'open',
      acts: action === 'open' || action === 'reopen' || action === 'merge',
      url: str(mr.url),
      authorName: text(obj(payload.user).name, 'unknown'),
      sourceBranch: text(mr.source_branch),
      targetBranch: text(mr.target_branch),
      defaultBranch,
    };
  }
  return null;
}

/** The change a delivery carries, or null when it carries none this app keeps. */
export function readChange(provider: GitProvider, event: string, payload: unknown): GitChange {
  return provider === 'github' ? github(event, obj(payload)) : gitlab(event, obj(payload));
}
