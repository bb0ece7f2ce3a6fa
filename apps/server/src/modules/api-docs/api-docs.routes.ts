import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { buildOpenApiDocument } from './openapi-document.ts';

/**
 * `GET /api/docs`: the interactive viewer (Swagger UI, served from the package, no CDN) of the
 * OpenAPI document at `/api/docs/json`, generated from the contract. The document is built on
 * the first request and kept: it costs a quarter of a second, which neither the server's start
 * nor the test suite's many app instances should pay.
 */
export async function registerApiDocsRoutes(app: FastifyInstance, version: string): Promise<void> {
  let document: Record<string, unknown> | undefined;
  await app.register(swagger, { mode: 'static', specification: { document: { openapi: '3.1.0', info: { title: 'Delego API', version }, paths: {} } } });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    transformSpecificationClone: false,
    transformSpecification: () => (document ??= buildOpenApiDocument(version)),
    uiConfig: { docExpansion: 'none', deepLinking: true, persistAuthorization: false, validatorUrl: null },
  });
}
