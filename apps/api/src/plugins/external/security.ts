import fp from 'fastify-plugin';
import helmet from 'helmet';

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** helmet's own default: a year, subdomains included; no preload (that is a promise to browsers' lists). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers with a CSP the web app passes: no inline scripts; inline styles for Mantine. helmet's
 * middleware is built ONCE here and sets its headers on every answer; @fastify/helmet built it anew for
 * every request (its options parsed, the CSP string assembled), 3–5 % of a cached read's CPU in the
 * profiles of docs/adr/0032. No route has options of its own and none uses CSP nonces.
 */
export default fp(
  async (app) => {
    const chatOrigin = app.config.chatWidgetUrl ? new URL(app.config.chatWidgetUrl).origin : null;
    const extra = chatOrigin ? [chatOrigin] : [];
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...extra],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...extra],
          frameSrc: ["'self'", ...extra],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      // Sent below per request, not by PUBLIC_URL: HSTS over plain http is meaningless and a proxy's https was missed.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      // HSTS only on an answer that came over TLS (docs/product.md §F4): Fastify's request.protocol is
      // https for a TLS socket, or for X-Forwarded-Proto: https, believed only with TRUST_PROXY.
      if (request.protocol === 'https') reply.raw.setHeader('Strict-Transport-Security', HSTS);
      securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
    // helmet sets no Permissions-Policy: the app uses no camera, microphone, location, payment or USB,
    // so every powerful feature is switched off for the page and anything it frames (docs/product.md §F4).
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Permissions-Policy', PERMISSIONS_POLICY);
      return payload;
    });
  },
  { name: 'security', dependencies: ['config'] },
);
