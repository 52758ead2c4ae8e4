import { FIRST_SCREEN_ELEMENT_ID } from '@dd/domain';
import type { JsonApiDocument } from './json-api-document.ts';

/**
 * The answers the server put into index.html for the page's first reads (ADR 0017), by request path
 * below /api with its query string. Each is used once, by the first GET for that exact path, and only
 * early in the page's life: later reads, refetches included, go to the network.
 */
const FRESH_MS = 15_000;

let answers: Map<string, JsonApiDocument> | undefined;

function read(): Map<string, JsonApiDocument> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (element?.textContent) {
    try {
      const parsed = JSON.parse(element.textContent) as Record<string, JsonApiDocument>;
      for (const [path, document] of Object.entries(parsed)) answers.set(path, document);
    } catch {
      // A broken island is no answers: the app asks for everything itself.
    }
    element.remove();
  }
  return answers;
}

/** The server's answer for this GET path, once; undefined when there is none (or it is too late). */
export function takeFirstScreenAnswer(path: string): JsonApiDocument | undefined {
  if (typeof performance !== 'undefined' && performance.now() > FRESH_MS) return undefined;
  const all = read();
  const answer = all.get(path);
  all.delete(path);
  return answer;
}
