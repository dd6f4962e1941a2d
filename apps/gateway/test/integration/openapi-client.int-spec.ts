import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import ts from 'typescript';
import { startGatewayAlone } from '../support/gateway-alone';

/**
 * The served OpenAPI document is complete enough to generate a typed client from: openapi-typescript turns it into
 * types, and a small hand-written client type-checks against them (docs/api-routes.md "Generating a client").
 */
interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, string[]>[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

/** Reads response bodies through the generated types: each line fails to compile if a type is missing, never or unknown. */
const CLIENT = `
import type { paths } from './api';

type Json<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends {
  responses: { [status in S]: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;
type Usable<T> = [unknown] extends [T] ? false : [T] extends [never] ? false : true;
const usable = <T>(ok: Usable<T>, value: T): T => (ok ? value : value);

export function firstTraceName(body: Json<'/api/traces', 'get', 200>): string | undefined {
  return usable<typeof body>(true, body).traces[0]?.name;
}

export function errorCode(body: Json<'/api/traces', 'get', 401>): string {
  const ok: false = usable<typeof body>(true, body).success;
  return ok ? '' : body.code + body.message + body.traceId;
}

export type LoginBody = paths['/api/login']['post']['requestBody'] extends
  | { content: { 'application/json': infer Body } }
  | undefined
  ? Body
  : never;
export function login(body: LoginBody): { method: 'POST'; body: string } {
  const user: string = usable<LoginBody>(true, body).username;
  return { method: 'POST', body: JSON.stringify({ ...body, username: user }) };
}

export function signedInUser(body: Json<'/api/login', 'post', 200>): string {
  return usable<typeof body>(true, body).user.id;
}

export type TracesQuery = NonNullable<paths['/api/traces']['get']['parameters']['query']>;
export const query: TracesQuery = { search: 'tech', limit: 20 };
`;

let app: NestExpressApplication;
let document: Document;
let directory: string;

beforeAll(async () => {
  app = await startGatewayAlone();
  document = (await request(app.getHttpServer()).get('/api/docs/openapi.json').expect(200)).body as Document;
  directory = mkdtempSync(path.join(tmpdir(), 'openapi-client-'));
});

afterAll(async () => {
  await app?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

function operations(): { name: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${route}`, operation })),
  );
}

/** The diagnostics of compiling `client` against the types generated from the served document. */
function compileAgainstGeneratedTypes(client: string): string[] {
  writeFileSync(path.join(directory, 'openapi.json'), JSON.stringify(document));
  execFileSync(process.execPath, [
    path.join(__dirname, '../support/generate-openapi-types.mjs'),
    path.join(directory, 'openapi.json'),
    path.join(directory, 'api.d.ts'),
  ]);
  writeFileSync(path.join(directory, 'client.ts'), client);
  const program = ts.createProgram([path.join(directory, 'client.ts')], {
    strict: true,
    noEmit: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    skipLibCheck: false,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

it('every $ref in the document resolves to a schema', () => {
  const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
  expect([...new Set(refs)].filter((name) => !(name in document.components.schemas))).toEqual([]);
});

it('every operation documents its 2xx body, its error body and its security', () => {
  const incomplete = operations()
    .filter(({ operation }) => {
      const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'))?.[1];
      const successSchema = Object.values(success?.content ?? {})[0]?.schema;
      const error = operation.responses['503']?.content?.['application/json']?.schema;
      return !successSchema || !error || !operation.security;
    })
    .map(({ name }) => name);
  expect(incomplete).toEqual([]);
  expect(operations().length).toBeGreaterThan(100);
});

it('lists every path parameter and the query parameters of a whole @Query() DTO', () => {
  const unlisted = Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) =>
      [...route.matchAll(/\{([^}]+)\}/g)]
        .filter(([, name]) => !operation.parameters?.some((p) => p.in === 'path' && p.name === name))
        .map(([, name]) => `${method.toUpperCase()} ${route} ${name}`),
    ),
  );
  expect(unlisted).toEqual([]);
  const query = document.paths['/api/traces']?.get?.parameters?.filter((p) => p.in === 'query').map((p) => p.name);
  expect(query).toEqual(expect.arrayContaining(['search', 'limit']));
});

it('asks for the session cookie and the CSRF header as the guards do, by route metadata', () => {
  const security = (route: string, method: string) => document.paths[route]?.[method]?.security;
  expect(security('/api/traces', 'get')).toEqual([{ cookie: [] }]);
  expect(security('/api/subscribe', 'post')).toEqual([{ cookie: [], csrf: [] }]);
  expect(security('/api/login', 'post')).toEqual([{ csrf: [] }]);
  expect(security('/api/csrf-token', 'get')).toEqual([]);
  expect(Object.keys(document.paths['/api/traces']?.get?.responses ?? {})).toEqual(
    expect.arrayContaining(['200', '400', '401', '503']),
  );
  expect(
    document.paths['/api/trace-owner/{traceId}/refresh-brokerage']?.post?.responses['429']?.content?.[
      'application/json'
    ]?.schema,
  ).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
});

it('generates types that a typed client compiles against', () => {
  expect(compileAgainstGeneratedTypes(CLIENT)).toEqual([]);
}, 120_000);

it('the client check fails on a property the documented body does not have', async () => {
  const wrong = `import type { paths } from './api';
type Body = paths['/api/traces']['get']['responses'][200]['content']['application/json'];
export const name = (body: Body) => body.traces[0]?.notAProperty;`;
  expect(compileAgainstGeneratedTypes(wrong).join('\n')).toMatch(/notAProperty/);
}, 120_000);
