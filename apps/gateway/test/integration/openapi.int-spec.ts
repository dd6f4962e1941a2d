import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { startGatewayAlone } from '../support/gateway-alone';

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
  [rule: string]: unknown;
}
interface Document {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
}

let app: NestExpressApplication;
let document: Document;

beforeAll(async () => {
  app = await startGatewayAlone();
  document = (await request(app.getHttpServer()).get('/api/docs/openapi.json').expect(200)).body as Document;
});

afterAll(async () => {
  await app?.close();
});

/** The request body schema of an operation, its $ref followed. */
/** The body of an operation: JSON, or multipart for an upload. */
function bodySchema(path: string, method = 'post'): Schema {
  const content = document.paths[path]?.[method]?.requestBody?.content;
  const schema = content?.['application/json']?.schema ?? content?.['multipart/form-data']?.schema;
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} has no JSON or multipart request body`);
  return schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()!]! : schema;
}

it('describes the login body from its DTO: properties and required ones', () => {
  const login = bodySchema('/api/login');
  expect(Object.keys(login.properties ?? {})).toEqual(expect.arrayContaining(['username', 'password']));
  expect(login.required).toEqual(expect.arrayContaining(['username', 'password']));
  expect(login.properties?.username).toMatchObject({ type: 'string' });
});

it('describes the final-signup body with its required fields', () => {
  const signup = bodySchema('/api/final-signup');
  expect(Object.keys(signup.properties ?? {}).length).toBeGreaterThanOrEqual(4);
  expect(signup.required).toEqual(expect.arrayContaining(['username', 'email', 'password']));
});

it('describes the avatar upload as multipart with its file field', () => {
  const avatar = document.paths['/api/trace-owner/{traceId}/avatar']?.post?.requestBody?.content;
  expect(Object.keys(avatar ?? {})).toEqual(['multipart/form-data']);
  expect(bodySchema('/api/trace-owner/{traceId}/avatar').properties?.avatar).toMatchObject({ format: 'binary' });
});

it('every operation that takes a body names at least one property', () => {
  const empty = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, operation]) => operation.requestBody)
      .filter(([method]) => Object.keys(bodySchema(path, method).properties ?? {}).length === 0)
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  expect(empty).toEqual([]);
});
