import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Headers = Record<string, string>;
export type Call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/** A request helper bound to one signed-in user's headers. */
export function caller(app: FastifyInstance, headers: Headers): Call {
  const { 'content-type': _type, ...bare } = headers;
  return (method, url, payload) =>
    payload === undefined
      ? app.inject({ method, url, headers: bare })
      : app.inject({ method, url, headers, payload: payload as object });
}

export const projectFilter = (projectId: number) =>
  `filter[0][0]==&filter[0][1]=project.id&filter[0][2]=${projectId}`;

export const taskDoc = (
  projectId: number,
  attributes: Record<string, unknown>,
  relationships: Record<string, unknown> = {},
) => ({
  data: {
    type: 'task',
    attributes,
    relationships: { project: { data: { type: 'project', id: String(projectId) } }, ...relationships },
  },
});

export const sprintRef = (id: number | null) => ({
  data: id === null ? null : { type: 'sprint', id: String(id) },
});
export const statusPatch = (statusId: number) => ({
  data: { type: 'task', attributes: { 'task-status-id': statusId } },
});
export const sprintPatch = (statusId: number, unfinished?: string) => ({
  data: {
    type: 'sprint',
    attributes: { 'sprint-status-id': statusId, ...(unfinished ? { 'unfinished-tasks': unfinished } : {}) },
  },
});
