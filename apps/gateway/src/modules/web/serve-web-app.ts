import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built web app on the gateway's origin: static assets, and index.html for every other GET
 * that is not an API or probe path, so client-side routes survive a reload.
 */
export function serveWebApp(app: NestExpressApplication, distDir: string): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const assets = express.static(distDir, {
    index: false,
    maxAge: '1h',
    setHeaders: (response, path) => path.endsWith('.html') && response.setHeader('Cache-Control', 'no-cache'),
  });
  // API and probe paths never look at the disk: a static lookup is a stat() per request on the hot path.
  app.use((request: Request, response: Response, next: NextFunction) =>
    isApiOrProbePath(request.path) ? next() : assets(request, response, next),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isApiOrProbePath(request.path);
    if (!isPageRequest) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  });
}

function isApiOrProbePath(path: string): boolean {
  return /^\/+(api|health|ready)(\/|$)/i.test(path);
}
