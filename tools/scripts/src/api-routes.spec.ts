import { readFileSync } from 'node:fs';
import { API_ROUTES_DOC, apiRoutes, apiRoutesMarkdown } from './api-routes';

describe('docs/api-routes.md', () => {
  it('is up to date with the gateway controllers (run `npm run api-routes` after changing a route)', () => {
    expect(readFileSync(API_ROUTES_DOC, 'utf8')).toBe(apiRoutesMarkdown());
  });

  it('leads the copy path from its REST route to the copy engine', () => {
    expect(apiRoutes()).toContainEqual({
      method: 'POST',
      path: '/api/snaptrade/copy-trade',
      controller: 'apps/gateway/src/modules/copies/copies.controller.ts',
      subjects: ['rpc.copy-engine.copies.create'],
      handlers: ['apps/copy-engine/src/modules/copies/copies.controller.ts'],
    });
  });
});
