import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

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
    // helmet sets no Permissions-Policy: the app uses no camera, microphone, location, payment or USB,
    // so every powerful feature is switched off for the page and anything it frames (docs/product.md §F4).
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Permissions-Policy', PERMISSIONS_POLICY);
      return payload;
    });
  },
  { name: 'security', dependencies: ['config'] },
);
