import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@delego/domain';
import type { ErrorResponse } from '@delego/contract';

/** Where the build puts its hashed bundles. */
const ASSETS_PREFIX = '/assets/';

/**
 * Serves the built single-page app and answers unknown non-API paths with its
 * index.html, so the client router shows the right screen (or its 404 page). A missing
 * bundle is a 404, not the page: after a deploy, a tab still running the old build then
 * fails to load its screen and says so, instead of parsing HTML as a script. Files go out
 * compressed as the build made them (brotli, else gzip), so no request spends CPU compressing.
 */
export async function registerWebAndNotFound(app: FastifyInstance, webDist: string | null): Promise<void> {
  const hasWeb = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes a brotli and a gzip copy beside each text file; the one the browser accepts is sent as it is.
      preCompressed: true,
      // The plugin's own cache-control (max-age=0 for everything) would override ours.
      cacheControl: false,
      // Hashed asset names never change content, so they may be cached for a year; other files are revalidated.
      setHeaders: (res, filePath) => {
        // The same address answers brotli, gzip or plain by the request's Accept-Encoding: caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
        res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith(ASSETS_PREFIX)) {
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
