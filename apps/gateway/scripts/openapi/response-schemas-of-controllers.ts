import path from 'node:path';
import ts from 'typescript';
import { operationIdFactory } from '../../src/modules/openapi/operation-id';
import { type JsonSchema, SchemasFromTypes } from './schemas-from-types';

const ROUTE_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete']);

export interface ResponseSchemasFound {
  /** The 2xx body schema of each operation, by operation id. */
  operations: Record<string, JsonSchema>;
  schemas: Record<string, JsonSchema>;
}

/**
 * Reads the gateway's controllers with the TypeScript compiler: the awaited return type of every route handler
 * (a JsonBody<T>, a JSON text ready to send, stands for its T) becomes that operation's response schema.
 */
export function responseSchemasOfControllers(tsconfigPath: string): ResponseSchemasFound {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error(`Cannot read ${tsconfigPath}`);
  // The libraries are read from their sources (as the tests do), never from a build that may be stale.
  const libs = path.resolve(path.dirname(tsconfigPath), '../../libs');
  const paths = { '@copytrade/*': [`${libs}/*/src/index.ts`] };
  const program = ts.createProgram(config.fileNames, { ...config.options, noEmit: true, paths });
  const checker = program.getTypeChecker();
  const schemas = new SchemasFromTypes(checker);
  const operations: Record<string, JsonSchema> = {};
  const root = path.dirname(path.resolve(tsconfigPath));
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.endsWith('.controller.ts') || !path.resolve(file.fileName).startsWith(root)) continue;
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name || !decoratorNames(statement).includes('Controller'))
        continue;
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member) || !decoratorNames(member).some((name) => ROUTE_DECORATORS.has(name)))
          continue;
        const signature = checker.getSignatureFromDeclaration(member);
        if (!signature) continue;
        const body = bodyType(checker, checker.getAwaitedType(checker.getReturnTypeOfSignature(signature))!);
        if (!body) continue;
        operations[operationIdFactory(statement.name.text, member.name.getText(file))] = schemas.schemaOf(body);
      }
    }
  }
  return { operations, schemas: schemas.components };
}

function decoratorNames(node: ts.HasDecorators): string[] {
  return (ts.getDecorators(node) ?? []).map((decorator) => {
    const call = decorator.expression;
    return ts.isCallExpression(call) ? call.expression.getText() : call.getText();
  });
}

/** The JSON body a handler's result stands for; none for `void` (the handler writes its own answer). */
function bodyType(checker: ts.TypeChecker, result: ts.Type): ts.Type | undefined {
  if (result.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Never)) return undefined;
  const jsonBody = result.isIntersection() ? result.getProperty('__body') : undefined;
  if (jsonBody) return checker.getNonNullableType(checker.getTypeOfSymbol(jsonBody));
  return result;
}
