import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@delego/contract';
import type { AuthenticatedContext, RequestContext } from './request-context.ts';

type Output<T> = T extends z.ZodType ? z.output<T> : undefined;
/* eslint-disable @typescript-eslint/no-explicit-any -- positional inference over the endpoint's type parameters */
type BodyOutput<E> = E extends Endpoint<infer B, any, any, any> ? Output<B> : never;
type QueryOutput<E> = E extends Endpoint<any, infer Q, any, any> ? Output<Q> : never;
type ParamsOutput<E> = E extends Endpoint<any, any, infer P, any> ? Output<P> : never;
/* eslint-enable @typescript-eslint/no-explicit-any */

export interface HandlerInput<E extends Endpoint> {
  body: BodyOutput<E>;
  query: QueryOutput<E>;
  params: ParamsOutput<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Context<E extends Endpoint> = E['isPublic'] extends true ? RequestContext : AuthenticatedContext;

export type EndpointHandler<E extends Endpoint> = (
  ctx: Context<E>,
  input: HandlerInput<E>,
) => Promise<z.input<E['response']>> | z.input<E['response']>;

export interface BindOptions {
  /** Per-route rate limit (requests per minute per address). */
  rateLimitPerMinute?: number;
}

/**
 * Binds a contract endpoint to a Fastify route: the contract's zod schemas validate
 * the request (unknown keys rejected) and serialise the answer; the handler stays thin.
 */
export function bindEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: BindOptions = {},
): void {
  const route: RouteOptions = {
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    schema: {
      summary: endpoint.summary,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: { 200: endpoint.response },
    },
    config: {
      isPublic: endpoint.isPublic === true,
      ...(options.rateLimitPerMinute ? { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } } : {}),
    },
    handler: async (request, reply) => {
      const ctx = endpoint.isPublic ? request.requestContext : request.authenticatedContext();
      const run = () =>
        handler(ctx as Context<E>, {
          body: request.body as BodyOutput<E>,
          query: request.query as QueryOutput<E>,
          params: request.params as ParamsOutput<E>,
          request,
          reply,
        });
      return app.hasDecorator('inFlight') ? app.inFlight.run(run) : run();
    },
  };
  app.route(route);
}
