import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/** Security headers with a CSP the web app passes: no inline scripts; inline styles for Mantine. */
export default fp(
  async (app) => {
    const chatOrigin = app.config.chatWidgetUrl ? new URL(app.config.chatWidgetUrl).origin : null;
    const extra = chatOrigin ? [chatOrigin] : [];
    await app.register(helmet, {
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
      strictTransportSecurity: !app.config.publicUrl.startsWith('http://'),
    });
  },
  { name: 'security', dependencies: ['config'] },
);
