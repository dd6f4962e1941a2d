import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type ReferenceObject,
  type SchemaObject,
} from '@nestjs/swagger';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { operationIdFactory } from './operation-id';
import { SESSION_COOKIE_SCHEME, withOperationResponses } from './operation-responses';
import { withRequestParameters } from './request-parameters';
import { RESPONSE_SCHEMAS } from './response-schemas.generated';
import { routeAccessByOperationId } from './route-access';

export { operationIdFactory } from './operation-id';

type Schemas = Record<string, SchemaObject | ReferenceObject>;

/**
 * The OpenAPI document at /api/docs (JSON at /api/docs/openapi.json). The request DTOs live in libs/contracts,
 * which may not use @nestjs/swagger's decorators, and the build (tsc) runs no compiler plugin; so their schemas
 * are generated from the class-validator rules the ValidationPipe enforces (types, formats, lengths, required).
 * The response schemas come from the controllers' return types (response-schemas.generated.ts), the statuses and
 * security from the guards' route metadata: complete enough to generate a typed client (docs/api-routes.md).
 */
export function setupOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('CopyTrade API')
    .setDescription('REST API of the copy-trading platform (closed beta)')
    .setVersion('0.1.0')
    .addCookieAuth('ct_session', undefined, SESSION_COOKIE_SCHEME)
    .build();
  const document = () => buildOpenApiDocument(app, config);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
}

/** The served document: swagger's scan of the routes, completed with request and response schemas and security. */
export function buildOpenApiDocument(app: INestApplication, config: Omit<OpenAPIObject, 'paths'>): OpenAPIObject {
  const scanned = SwaggerModule.createDocument(app, config, { operationIdFactory });
  const routes = routeAccessByOperationId(app);
  return withOperationResponses(
    withRequestParameters(withValidationSchemas(scanned), routes),
    RESPONSE_SCHEMAS,
    routes,
  );
}

/** Fills each DTO schema swagger named (with no properties of its own) from the DTO's class-validator rules. */
export function withValidationSchemas(document: OpenAPIObject): OpenAPIObject {
  const described: Schemas = document.components?.schemas ?? {};
  const generated = validationMetadatasToSchemas({ refPointerPrefix: '#/components/schemas/' }) as Record<
    string,
    SchemaObject
  >;
  const schemas: Schemas = { ...described };
  for (const [name, own] of Object.entries(described)) {
    const rules = generated[name];
    if (!rules || '$ref' in own) continue;
    const required = [...new Set([...(rules.required ?? []), ...(own.required ?? [])])];
    schemas[name] = {
      ...rules,
      ...own,
      properties: { ...rules.properties, ...own.properties },
      ...(required.length > 0 ? { required } : {}),
    };
  }
  // Nested DTOs (@ValidateNested) are referenced by name but not listed by swagger: add their rules too, and
  // what a property typed only as `object` or an array of no DTO class is referenced as (`Object`, `Array`).
  const builtIns: Schemas = {
    Object: { type: 'object', additionalProperties: true },
    Array: { type: 'array', items: {} },
  };
  for (let missing = danglingRefs(document, schemas); missing.length > 0; missing = danglingRefs(document, schemas))
    for (const name of missing) schemas[name] = generated[name] ?? builtIns[name] ?? { type: 'object' };
  return { ...document, components: { ...document.components, schemas } };
}

/** Names referenced by the document or its schemas that no schema defines. */
function danglingRefs(document: OpenAPIObject, schemas: Schemas): string[] {
  const text = JSON.stringify({ paths: document.paths, schemas });
  const names = [...text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
  return [...new Set(names)].filter((name) => !(name in schemas));
}
