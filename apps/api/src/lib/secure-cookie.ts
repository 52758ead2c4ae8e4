import type { FastifyRequest } from 'fastify';

/**
 * Whether a cookie set on this request's answer gets `Secure`: always, unless the app's public address is
 * plain http on this machine (development); and then still when the request came over https, which
 * behind a TLS-terminating proxy only X-Forwarded-Proto says, believed only with TRUST_PROXY (Fastify's
 * `request.protocol` reads it then, and ignores it otherwise).
 */
export function secureCookieFor(publicUrl: string, request: FastifyRequest): boolean {
  return !/^http:\/\/(localhost|127\.|\[::1\])/.test(publicUrl) || request.protocol === 'https';
}
