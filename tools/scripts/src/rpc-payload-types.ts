import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Every RPC payload the gateway sends is typed with a request type from libs/contracts (the one its service's handler
 * takes), never `object`, `any`, `unknown`, an inline `{ … }` or `Record<string, unknown>`. This finds, without type
 * checking (the syntax only): the payload's type argument of an RpcClient `.request<TPayload, TReply>` call or a Nest
 * ClientProxy `.send<TReply, TPayload>` / `.emit<TReply, TPayload>` call, an RPC client's `.request(…)` call without
 * type arguments (its payload type would be whatever was passed), and a parameter named `payload` typed one of those.
 */
/** Which type argument is the payload's, by method. */
const PAYLOAD_TYPE_ARGUMENT: Record<string, number> = { request: 0, send: 1, emit: 1 };
const LOOSE_KEYWORDS = new Set([ts.SyntaxKind.ObjectKeyword, ts.SyntaxKind.AnyKeyword, ts.SyntaxKind.UnknownKeyword]);
const SOURCE = /\.ts$/;
const TEST = /\.(spec|int-spec|e2e-spec)\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !TEST.test(name) ? [path] : [];
  });
}

/** `object`, `any`, `unknown`, `{ … }`, `Record<…, unknown | any>`, or a union or intersection with one of them. */
function isLoose(type: ts.TypeNode): boolean {
  if (LOOSE_KEYWORDS.has(type.kind) || ts.isTypeLiteralNode(type)) return true;
  if (ts.isUnionTypeNode(type) || ts.isIntersectionTypeNode(type)) return type.types.some(isLoose);
  if (ts.isParenthesizedTypeNode(type)) return isLoose(type.type);
  if (ts.isTypeReferenceNode(type) && type.typeName.getText() === 'Record') {
    const value = type.typeArguments?.[1];
    return (
      value !== undefined && (value.kind === ts.SyntaxKind.UnknownKeyword || value.kind === ts.SyntaxKind.AnyKeyword)
    );
  }
  return false;
}

/** An RPC client's call: `<x>.rpc.request(…)`, `this.rpc.request(…)`, `this.brokerage.request(…)` and the like. */
function isRpcClientCall(
  call: ts.CallExpression,
): call is ts.CallExpression & { expression: ts.PropertyAccessExpression } {
  return ts.isPropertyAccessExpression(call.expression) && call.expression.name.text in PAYLOAD_TYPE_ARGUMENT;
}

/** The loosely typed payloads of one source file, each as `line: code`. */
export function untypedRpcPayloadsIn(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${line + 1}: ${node.getText(source).split('\n')[0].trim()}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isRpcClientCall(node)) {
      const method = node.expression.name.text;
      const payloadType = node.typeArguments?.[PAYLOAD_TYPE_ARGUMENT[method]];
      const receiver = node.expression.expression.getText(source);
      if (payloadType ? isLoose(payloadType) : method === 'request' && !node.typeArguments && /\brpc$/i.test(receiver))
        report(node);
    }
    if (ts.isParameter(node) && node.name.getText(source) === 'payload' && node.type && isLoose(node.type))
      report(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every loosely typed RPC payload under `srcDir` (non-test files), by file relative to `srcDir`. */
export function untypedRpcPayloads(srcDir: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of sourceFiles(srcDir).sort()) {
    const hits = untypedRpcPayloadsIn(file, readFileSync(file, 'utf8'));
    if (hits.length > 0) found[relative(srcDir, file)] = hits;
  }
  return found;
}
