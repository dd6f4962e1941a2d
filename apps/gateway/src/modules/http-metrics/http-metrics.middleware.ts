import { httpServerMetrics } from '@copytrade/nest';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** The route label of a request no route claimed (the web app's files, unknown paths, refusals before routing). */
export const UNMATCHED_ROUTE = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts and times every request into `http_server_requests_total` and `http_server_request_duration_seconds` by
 * method, route and status code. The route is the template Express matched (`/api/traces/:traceId`), read when the
 * response ends; a catch-all (the API's 404 route) or no route at all is `unmatched`, so a client sending made-up
 * paths cannot grow the label set. Registered first, so requests refused by earlier middleware count too.
 */
export function httpMetricsMiddleware(): RequestHandler {
  const { requests, duration } = httpServerMetrics();
  return (request: Request, response: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    response.once('finish', () => {
      const labels = {
        method: METHODS.has(request.method) ? request.method : 'OTHER',
        route: routeTemplateOf(request),
        status_code: String(response.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

/** The matched route's template (mount path included), or `unmatched`. */
export function routeTemplateOf(request: Request): string {
  const path: unknown = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string' || path.includes('*')) return UNMATCHED_ROUTE;
  return `${request.baseUrl}${path}`;
}
