import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@delego/domain';
import type { ErrorResponse } from '@delego/contract';

/**
 * Serves the built single-page app and answers unknown non-API paths with its
 * index.html, so the client router shows the right screen (or its 404 page).
 */
export async function registerWebAndNotFound(app: FastifyInstance, webDist: string | null): Promise<void> {
  const hasWeb = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Hashed asset names never change content, so they may be cached for a year.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && request.method === 'GET' && !request.url.startsWith('/api/')) {
      void reply.header('cache-control', 'no-cache').sendFile('index.html');
      return;
    }
    void reply.status(404).send({
      status: 404,
      code: ErrorCode.notFound,
      messages: ['Not found'],
      requestId: String(request.id),
    } satisfies ErrorResponse);
  });
}
