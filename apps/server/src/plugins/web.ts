import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiUrl } from './access';
import { apiNotFound } from './errors';

/**
 * Serves the built web app; any other GET that wants HTML gets index.html (history fallback) so deep
 * links such as /admin/createuser?userId=… load the app. Unknown /api paths answer a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined) {
  const index = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWeb = Boolean(index && fs.existsSync(index));
  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // the build writes .br and .gz copies of the scripts and styles (vite.config.ts): sent to a browser
      // that accepts them, with Vary: Accept-Encoding
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  } else {
    app.log.warn({ webDist }, 'the web app is not built: only the API is served');
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (isApiUrl(url) || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD'))
      return apiNotFound(request, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
