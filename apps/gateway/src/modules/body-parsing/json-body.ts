import type { NestExpressApplication } from '@nestjs/platform-express';
import { DomainException } from '@copytrade/nest';
import type { NextFunction, Request, Response } from 'express';
import { jsonDepthExceeds } from './json-depth';

/** Far deeper than any request the API takes; validation and logging recurse, so deeper bodies are refused first. */
export const MAX_JSON_BODY_DEPTH = 32;
export const MAX_JSON_BODY_BYTES = '100kb';
export const BODY_TOO_DEEP = 'BODY_TOO_DEEP';

/** JSON bodies up to 100 kB and 32 levels; anything deeper is a 400 BODY_TOO_DEEP before it reaches a route. */
export function useJsonBody(app: NestExpressApplication): void {
  app.useBodyParser('json', { limit: MAX_JSON_BODY_BYTES });
  app.use((request: Request, _response: Response, next: NextFunction) => {
    // A body read as bytes (a webhook's) was not parsed: nothing nests.
    if (!Buffer.isBuffer(request.body) && jsonDepthExceeds(request.body, MAX_JSON_BODY_DEPTH))
      return next(
        new DomainException(400, BODY_TOO_DEEP, `The request body nests more than ${MAX_JSON_BODY_DEPTH} levels deep.`),
      );
    next();
  });
}
