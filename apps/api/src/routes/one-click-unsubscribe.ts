import { digestUnsubscribedSchema, mediaAnswerSchema } from '@dd/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { unsubscribePage } from '../modules/mail/unsubscribe-page.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** What one mail's unsubscribe link says and does. */
export type UnsubscribeLink = {
  /** The URL under /api, e.g. '/digest/unsubscribe'. */
  path: string;
  tag: string;
  /** What stops, for the summaries: "the daily digest". */
  what: string;
  question: string;
  /** The page's text before the button, and after the unsubscribe. */
  before: string;
  after: string;
  /** Whether the token is good now (signed, and still the user's current one). Changes nothing. */
  valid: (token: string) => Promise<boolean>;
  /** Turns the mail off; false when the token is not good. */
  apply: (token: string) => Promise<boolean>;
};

const tokenQuery = z.object({ token: z.string().max(200).optional() });
/** The encodings of RFC 8058's one-click POST body. */
const ONE_CLICK_ENCODINGS = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const;
/** "List-Unsubscribe=One-Click" in either encoding, with room for a boundary and part headers. */
const ONE_CLICK_BODY_LIMIT = 1024;
const INVALID = 'This unsubscribe link is not valid. Nothing was changed.';

/**
 * A mail's one-click unsubscribe (RFC 8058), the same for every mail that has one: the link works
 * signed-out; GET answers a page with an Unsubscribe button and changes nothing (mail link scanners
 * follow links); POST unsubscribes: the mail client's one-click (List-Unsubscribe-Post, URL-encoded or
 * multipart) answers JSON, the page's button (a browser asking for HTML) a page. Register it inside the
 * route plugin of its URL: the form parsers it adds stay in that plugin.
 */
export function oneClickUnsubscribe(app: App, link: UnsubscribeLink) {
  // The one-click body ("List-Unsubscribe=One-Click") says nothing the URL does not, so it is read, up
  // to a form's size, and ignored. RFC 8058 lets a mail client send it URL-encoded or as
  // multipart/form-data; both are taken, and nothing else.
  for (const encoding of ONE_CLICK_ENCODINGS) {
    if (!app.hasContentTypeParser(encoding))
      app.addContentTypeParser(
        encoding,
        { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
        (_r, _b, done) => done(null, undefined),
      );
  }
  const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  const page = (title: string, body: string, button?: { action: string }) =>
    unsubscribePage(app.config.productName, title, body, button);
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').status(status).send(body);

  app.get(
    link.path,
    {
      schema: {
        tags: [link.tag],
        security: [], // a signed link, no session (docs/adr/0009)
        summary: `Unsubscribe page of ${link.what} (signed link, no session): a button that POSTs; changes nothing`,
        querystring: tokenQuery,
        response: {
          200: mediaAnswerSchema({
            mediaType: 'text/html',
            description: 'A page with an Unsubscribe button',
          }),
        },
      },
      config: limited,
    },
    async (request, reply) => {
      const token = request.query.token;
      // A page for a person, not the JSON:API error document the schema's 400 describes for bad input.
      const raw = reply as unknown as FastifyReply;
      if (!token || !(await link.valid(token)))
        return html(raw, 400, page('This link does not work', INVALID));
      const action = `/api${link.path}?token=${encodeURIComponent(token)}`;
      return html(raw, 200, page(link.question, link.before, { action }));
    },
  );

  app.post(
    link.path,
    {
      schema: {
        tags: [link.tag],
        security: [], // a signed link, no session (docs/adr/0009)
        summary: `RFC 8058 one-click unsubscribe from ${link.what} (List-Unsubscribe-Post); signed link, no session`,
        description: "A browser asking for text/html (the page's button) gets a page instead of JSON.",
        querystring: tokenQuery,
        response: { 200: digestUnsubscribedSchema },
      },
      config: limited,
    },
    async (request, reply) => {
      const token = request.query.token;
      const done = token ? await link.apply(token) : false;
      if (/text\/html/.test(request.headers.accept ?? '')) {
        const body = done
          ? page('You are unsubscribed', link.after)
          : page('This link does not work', INVALID);
        return html(reply as unknown as FastifyReply, done ? 200 : 400, body);
      }
      if (!done) throw new AppError('bad_request', { title: 'Invalid unsubscribe link', parameter: 'token' });
      return { meta: { unsubscribed: true as const } };
    },
  );
}
