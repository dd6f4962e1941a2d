/**
 * Swagger's own operation id (`<Controller>_<method>`) without the `Gateway` prefix that some controllers carry
 * only to keep class names unique across apps: the published ids stay `BetaController_status`, etc.
 */
export const operationIdFactory = (controllerKey: string, methodKey: string): string =>
  controllerKey ? `${controllerKey.replace(/^Gateway(?=[A-Z])/, '')}_${methodKey}` : methodKey;
