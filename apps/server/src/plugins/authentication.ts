import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '@delego/domain';
import type { Actor, AuthenticatedContext, RequestContext } from '../http/request-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    readonly requestContext: RequestContext;
    authenticatedContext(): AuthenticatedContext;
  }
  interface FastifyContextConfig {
    isPublic?: boolean;
  }
}

/**
 * Every route is private unless its contract says `isPublic`: the bearer token is
 * checked before the handler runs, and the session behind it must still be open.
 */
export function registerAuthentication(app: FastifyInstance, authenticate: (token: string) => Promise<Actor>): void {
  app.decorateRequest('actor', null);
  app.decorateRequest('requestContext', {
    getter(this: FastifyRequest): RequestContext {
      return { requestId: String(this.id), ip: this.ip, userAgent: this.headers['user-agent'] };
    },
  });
  app.decorateRequest('authenticatedContext', function (this: FastifyRequest): AuthenticatedContext {
    if (!this.actor) throw new AppError(ErrorCode.unauthenticated, { messages: ['Session expired'] });
    return { ...this.requestContext, actor: this.actor };
  });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url?.startsWith('/api/') || config.isPublic !== false) return;
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new AppError(ErrorCode.unauthenticated, { messages: ['Session expired'] });
    request.actor = await app.inFlight.run(() => authenticate(token));
  });
}
