import type { FastifyInstance, FastifyReply } from 'fastify';
import { actionByLinkDecisionApi } from '@delego/contract';
import { bindEndpoint } from '../../http/bind-endpoint.ts';
import type { DecisionLinkService } from './decision-link.service.ts';

/** The token must not leak through the Referer header or a cache (integrations §4.3). */
function privateAnswer(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store');
  void reply.header('referrer-policy', 'no-referrer');
}

export function registerDecisionLinkRoutes(app: FastifyInstance, service: DecisionLinkService, options: { rateLimitPerMinute: number }): void {
  const limited = { rateLimitPerMinute: options.rateLimitPerMinute };
  bindEndpoint(
    app,
    actionByLinkDecisionApi.peek,
    (_ctx, { params, reply }) => {
      privateAnswer(reply);
      return service.peek(params.token);
    },
    limited,
  );
  bindEndpoint(
    app,
    actionByLinkDecisionApi.decide,
    (ctx, { body, reply }) => {
      privateAnswer(reply);
      return service.decide(ctx, body);
    },
    limited,
  );
}
