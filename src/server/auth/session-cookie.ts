import type { FastifyReply, FastifyRequest } from 'fastify';
import { isHttpsUrl } from '@/server/env';
import { SESSION_COOKIE } from './sessions';

/**
 * The session cookie's attributes: Secure when the request came over HTTPS, and always when the app's public address
 * is https (a proxy that ends TLS hands the app plain HTTP, and may not say so).
 */
export function sessionCookieOptions(request: FastifyRequest, publicUrl: string | undefined) {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttpsUrl(publicUrl) || request.protocol === 'https' } as const;
}

/**
 * Sets the session cookie to last as long as the server's session: `expiresAt` is the session's own expiry (sliding,
 * never past its absolute end), as Max-Age for the browsers that read it and Expires for those that do not. So the
 * browser keeps the cookie while the session lives, and not after.
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  publicUrl: string | undefined,
): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  reply.setCookie(SESSION_COOKIE, token, { ...sessionCookieOptions(request, publicUrl), maxAge, expires: expiresAt });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, publicUrl: string | undefined): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request, publicUrl));
}
