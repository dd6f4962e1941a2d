import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type ReferenceObject,
  type SchemaObject,
} from '@nestjs/swagger';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

type Schemas = Record<string, SchemaObject | ReferenceObject>;

/**
 * The OpenAPI document at /api/docs (JSON at /api/docs/openapi.json). The request DTOs live in libs/contracts,
 * which may not use @nestjs/swagger's decorators, and the build (tsc) runs no compiler plugin; so their schemas
 * are generated from the class-validator rules the ValidationPipe enforces (types, formats, lengths, required).
 */
export function setupOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('CopyTrade API')
    .setDescription('REST API of the copy-trading platform (closed beta)')
    .setVersion('0.1.0')
    .addCookieAuth('ct_session')
    .build();
  const document = () => withValidationSchemas(SwaggerModule.createDocument(app, config, { operationIdFactory }));
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
}

/**
 * Swagger's own operation id (`<Controller>_<method>`) without the `Gateway` prefix that some controllers carry
 * only to keep class names unique across apps: the published ids stay `BetaController_status`, etc.
 */
export const operationIdFactory = (controllerKey: string, methodKey: string): string =>
  controllerKey ? `${controllerKey.replace(/^Gateway(?=[A-Z])/, '')}_${methodKey}` : methodKey;

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
  return { ...document, components: { ...document.components, schemas } };
}
