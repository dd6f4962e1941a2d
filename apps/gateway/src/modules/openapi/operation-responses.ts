import type { OpenAPIObject, OperationObject, ResponseObject, ResponsesObject, SchemaObject } from '@nestjs/swagger';
import type { ResponseSchemas } from './response-schemas';
import type { RouteAccess } from './route-access';

export const SESSION_COOKIE_SCHEME = 'cookie';
export const CSRF_HEADER_SCHEME = 'csrf';
const ERROR_SCHEMA = 'ErrorResponse';
const ERROR_REF = { $ref: `#/components/schemas/${ERROR_SCHEMA}` };

/** Every error the gateway answers has this one shape (HttpErrorFilter). */
const ERROR_RESPONSE: SchemaObject = {
  type: 'object',
  properties: {
    success: { type: 'boolean', enum: [false] },
    code: { type: 'string', description: 'Stable machine-readable error code (e.g. VALIDATION_FAILED)' },
    message: { type: 'string', description: 'Plain text for the user' },
    details: { type: 'object', additionalProperties: true, description: 'Extra facts for some codes' },
    traceId: { type: 'string', description: 'The request id, as in the logs' },
  },
  required: ['success', 'code', 'message', 'traceId'],
};

/** Raw answers, not JSON: the live push and the avatar image. */
const RAW_ANSWERS: Record<string, ResponsesObject[string]> = {
  LiveEventsController_events: {
    description: 'Server-Sent Events stream',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  },
  TraceOwnerProfileController_avatar: {
    description: 'The avatar image',
    content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
  },
  HealthController_health: {
    description: 'The service is up',
    content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
  },
  HealthController_ready: {
    description: 'The service and its dependencies are ready',
    content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
  },
};

/**
 * Completes each operation so a typed client can be generated from the document: its 2xx body (the schema of the
 * contract view type its handler returns), the error body with the statuses its guards and validation can answer,
 * and its security (session cookie; CSRF header on state-changing methods), as the guards decide from route metadata.
 */
export function withOperationResponses(
  document: OpenAPIObject,
  responses: ResponseSchemas,
  access: Map<string, RouteAccess>,
): OpenAPIObject {
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => [
          method,
          isOperation(method, operation) ? completed(operation, responses, access) : operation,
        ]),
      ),
    ]),
  );
  return {
    ...document,
    paths,
    components: {
      ...document.components,
      schemas: {
        ...(responses.schemas as Record<string, SchemaObject>),
        ...document.components?.schemas,
        [ERROR_SCHEMA]: ERROR_RESPONSE,
      },
      securitySchemes: {
        ...document.components?.securitySchemes,
        [CSRF_HEADER_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'x-csrf-token',
          description: 'From GET /api/csrf-token',
        },
      },
    },
  };
}

function isOperation(method: string, value: unknown): value is OperationObject {
  return ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'].includes(method) && typeof value === 'object';
}

function completed(
  operation: OperationObject,
  responses: ResponseSchemas,
  access: Map<string, RouteAccess>,
): OperationObject {
  const id = operation.operationId ?? '';
  const rules = access.get(id) ?? { signedIn: false, adminOnly: false, csrf: false };
  const [status = '200', own] = Object.entries(operation.responses).find(([code]) => code.startsWith('2')) ?? [];
  const body = responses.operations[id];
  const success =
    RAW_ANSWERS[id] ??
    (body
      ? {
          description: (own as { description?: string } | undefined)?.description || 'Success',
          content: { 'application/json': { schema: body as SchemaObject } },
        }
      : own);
  const parameters = (operation.parameters ?? []) as { in?: string }[];
  const errors: Record<string, string> = {};
  if (operation.requestBody || parameters.some((parameter) => parameter.in === 'query' || parameter.in === 'path'))
    errors['400'] = 'Invalid input (VALIDATION_FAILED)';
  if (rules.signedIn) errors['401'] = 'Not signed in (UNAUTHENTICATED)';
  if (rules.signedIn || rules.csrf)
    errors['403'] = [
      rules.csrf ? 'Missing or invalid x-csrf-token (CSRF_INVALID)' : '',
      rules.adminOnly ? 'Admins only' : '',
      rules.signedIn ? 'Acting as another user' : '',
    ]
      .filter(Boolean)
      .join('; ');
  if (parameters.some((parameter) => parameter.in === 'path')) errors['404'] = 'Not found';
  errors['503'] = 'A service it needs is unavailable (SERVICE_UNAVAILABLE)';
  const errorResponses = Object.fromEntries(
    Object.entries(errors).map(([code, description]) => [
      code,
      { description, content: { 'application/json': { schema: ERROR_REF } } },
    ]),
  );
  const security = rules.signedIn
    ? [{ [SESSION_COOKIE_SCHEME]: [], ...(rules.csrf ? { [CSRF_HEADER_SCHEME]: [] } : {}) }]
    : rules.csrf
      ? [{ [CSRF_HEADER_SCHEME]: [] }]
      : [];
  // Errors a route declares itself (e.g. @ApiTooManyRequestsResponse) have the same body.
  const declared = Object.fromEntries(
    Object.entries(operation.responses)
      .filter(([code, response]) => Number(code) >= 400 && response && !('$ref' in response) && !response.content)
      .map(([code, response]) => [
        code,
        {
          description: (response as ResponseObject).description,
          content: { 'application/json': { schema: ERROR_REF } },
        },
      ]),
  );
  return {
    ...operation,
    responses: { ...errorResponses, ...operation.responses, ...declared, ...(success ? { [status]: success } : {}) },
    security,
  };
}
