import type { OpenAPIObject, OperationObject, ParameterObject, SchemaObject } from '@nestjs/swagger';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import type { RouteAccess } from './route-access';

/**
 * Lists the parameters swagger cannot see. Query: of each handler that takes a whole `@Query()` DTO, one parameter
 * per property of the DTO, from the class-validator rules the ValidationPipe enforces (the DTOs carry no swagger
 * decorators). Path: each `{name}` of the route that a whole `@Param()` DTO took, as a required text.
 */
export function withRequestParameters(document: OpenAPIObject, routes: Map<string, RouteAccess>): OpenAPIObject {
  const rules = validationMetadatasToSchemas({ refPointerPrefix: '#/components/schemas/' }) as Record<
    string,
    SchemaObject
  >;
  const withQuery = (operation: OperationObject): OperationObject => {
    const dto = routes.get(operation.operationId ?? '')?.queryDto;
    const schema = dto ? rules[dto] : undefined;
    if (!schema?.properties) return operation;
    const listed = new Set((operation.parameters as ParameterObject[] | undefined)?.map((parameter) => parameter.name));
    const query: ParameterObject[] = Object.entries(schema.properties)
      .filter(([name]) => !listed.has(name))
      .map(([name, property]) => ({
        name,
        in: 'query',
        required: schema.required?.includes(name) ?? false,
        schema: isArrayRef(property) ? { type: 'array', items: { type: 'string' } } : property,
      }));
    return { ...operation, parameters: [...(operation.parameters ?? []), ...query] };
  };
  const withPath = (route: string, operation: OperationObject): OperationObject => {
    const listed = new Set((operation.parameters as ParameterObject[] | undefined)?.map((parameter) => parameter.name));
    const missing: ParameterObject[] = [...route.matchAll(/\{([^}]+)\}/g)]
      .map((match) => match[1]!)
      .filter((name) => !listed.has(name))
      .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    return missing.length > 0 ? { ...operation, parameters: [...missing, ...(operation.parameters ?? [])] } : operation;
  };
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, value]) => [
          method,
          value && typeof value === 'object' && 'responses' in value
            ? withPath(path, withQuery(value as OperationObject))
            : value,
        ]),
      ),
    ]),
  );
  return { ...document, paths };
}

/** A property typed as an array of no DTO class: in a query string, a list of texts. */
function isArrayRef(schema: unknown): boolean {
  return (schema as { $ref?: string }).$ref === '#/components/schemas/Array';
}
