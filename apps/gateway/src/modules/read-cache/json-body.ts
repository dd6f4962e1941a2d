/**
 * A JSON text ready to send, standing for a body of type T: the OpenAPI document describes the handler's answer
 * as T (docs/api-routes.md "Generating a client").
 */
export type JsonBody<T> = string & { readonly __body?: T };
