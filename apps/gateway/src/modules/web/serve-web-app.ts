import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built web app on the gateway's origin: static assets, and index.html for every other GET
 * that is not an API or probe path, so client-side routes survive a reload.
 */
export function serveWebApp(app: NestExpressApplication, distDir: string): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return;
  app.useStaticAssets(distDir, {
    index: false,
    maxAge: '1h',
    setHeaders: (response, path) => path.endsWith('.html') && response.setHeader('Cache-Control', 'no-cache'),
  });
  app.use((request: Request, response: Response, next: NextFunction) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/+(api|health|ready)(\/|$)/i.test(request.path);
    if (!isPageRequest) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexFile);
  });
}
