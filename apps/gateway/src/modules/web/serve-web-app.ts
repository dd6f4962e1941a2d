import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';

export interface WebAppServing {
  /** The built web app (Vite's output, with the .br and .gz files the build writes next to each asset). */
  distDir: string;
  /** Serve *.map files (outside production); otherwise they are a 404 even if a build left them in distDir. */
  publishSourceMaps: boolean;
}

/** Vite's hashed output: a changed file gets a new name, so a browser may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is revalidated on each load, so a deploy is seen at once. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app on the gateway's origin: the files of distDir, precompressed (brotli preferred, then
 * gzip, as the request's Accept-Encoding allows; the build writes them, so nothing is compressed per request),
 * and index.html for every other page GET that is not an API or probe path, so client-side routes survive a reload.
 */
export function serveWebApp(app: NestExpressApplication, { distDir, publishSourceMaps }: WebAppServing): void {
  if (!existsSync(join(distDir, 'index.html'))) return;
  const assetsDir = join(distDir, 'assets') + sep;
  const files = expressStaticGzip(distDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      // `path` is the file sent (index.html.br for index.html): what counts is the folder it is in.
      setHeaders: (response, path) =>
        response.setHeader('Cache-Control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE),
    },
  });
  const isHidden = (path: string) => !publishSourceMaps && path.endsWith('.map');

  // API and probe paths never look at the disk: a static lookup is a stat() per request on the hot path.
  app.use((request: Request, response: Response, next: NextFunction) =>
    isApiOrProbePath(request.path) || isHidden(request.path) ? next() : files(request, response, next),
  );
  app.use((request: Request, response: Response, next: NextFunction) => {
    // A missing asset (an old hash after a deploy) is a 404, never index.html under a script's name.
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiOrProbePath(request.path) &&
      !request.path.startsWith('/assets/') &&
      !isHidden(request.path);
    if (!isPageRequest) return next();
    const url = request.url;
    request.url = '/index.html';
    files(request, response, (error?: unknown) => {
      request.url = url;
      next(error);
    });
  });
}

function isApiOrProbePath(path: string): boolean {
  return /^\/+(api|health|ready)(\/|$)/i.test(path);
}
