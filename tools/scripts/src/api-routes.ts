import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * docs/api-routes.md: every REST route of the gateway, the RPC subjects its handler sends (followed into the
 * gateway services it calls) and the service controllers that answer them, read from the sources with the
 * TypeScript compiler API. `npm run api-routes` writes it; a unit test fails when it is out of date.
 */

export interface ApiRoute {
  method: string;
  path: string;
  controller: string;
  subjects: string[];
  handlers: string[];
}

const ROOT = resolve(__dirname, '..', '..', '..');
export const API_ROUTES_DOC = join(ROOT, 'docs', 'api-routes.md');
const HTTP_METHODS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete', 'All', 'Options', 'Head']);
const HANDLER_DECORATORS = new Set(['MessagePattern', 'EventPattern']);
/** Only subject-like values (`rpc.brokerage.orders.place`), not the messages that other constant maps hold. */
const NATS_SUBJECT = /^[a-z][\w-]*(\.[\w-]+)+$/;

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'dist' || name === 'node_modules' ? [] : tsFiles(path);
    return name.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(name) && !name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

function decoratorsOf(node: ts.Node): { name: string; args: readonly ts.Expression[] }[] {
  if (!ts.canHaveDecorators(node)) return [];
  return (ts.getDecorators(node) ?? []).flatMap(({ expression }) =>
    ts.isCallExpression(expression) && ts.isIdentifier(expression.expression)
      ? [{ name: expression.expression.text, args: expression.arguments }]
      : [],
  );
}

const stringOf = (node: ts.Expression | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

/** `XRpc.member` → its subject string, from every `export const XRpc = { member: 'rpc…' }` in libs/contracts. */
function subjectConstants(): Map<string, string> {
  const subjects = new Map<string, string>();
  for (const file of tsFiles(join(ROOT, 'libs', 'contracts', 'src'))) {
    parse(file).forEachChild(function visit(node) {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        let value = node.initializer;
        while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
        if (ts.isObjectLiteralExpression(value))
          for (const property of value.properties)
            if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name)) {
              const subject = stringOf(property.initializer);
              if (subject && NATS_SUBJECT.test(subject))
                subjects.set(`${node.name.text}.${property.name.text}`, subject);
            }
      }
      node.forEachChild(visit);
    });
  }
  return subjects;
}

/** Subject string → the service controller files that handle it (@MessagePattern / @EventPattern). */
function serviceHandlers(subjects: Map<string, string>): Map<string, string[]> {
  const handlers = new Map<string, string[]>();
  const apps = join(ROOT, 'apps');
  for (const app of readdirSync(apps)) {
    const src = join(apps, app, 'src');
    if (app === 'gateway' || app === 'web' || !statSync(join(apps, app)).isDirectory()) continue;
    if (!readdirSync(join(apps, app)).includes('src')) continue;
    for (const file of tsFiles(src))
      parse(file).forEachChild(function visit(node) {
        for (const { name, args } of decoratorsOf(node)) {
          const [pattern] = args;
          if (!HANDLER_DECORATORS.has(name) || !pattern) continue;
          const subject = stringOf(pattern) ?? subjects.get(pattern.getText());
          if (subject) handlers.set(subject, [...new Set([...(handlers.get(subject) ?? []), relative(ROOT, file)])]);
        }
        node.forEachChild(visit);
      });
  }
  return handlers;
}

interface GatewayClass {
  file: string;
  node: ts.ClassDeclaration;
  /** Field name → class name, from constructor parameter properties and typed property declarations. */
  fields: Map<string, string>;
}

function gatewayClasses(files: string[]): Map<string, GatewayClass> {
  const classes = new Map<string, GatewayClass>();
  for (const file of files)
    parse(file).forEachChild((node) => {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const fields = new Map<string, string>();
      for (const member of node.members) {
        const typed = (name: ts.Node, type: ts.TypeNode | undefined) => {
          if (ts.isIdentifier(name) && type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName))
            fields.set(name.text, type.typeName.text);
        };
        if (ts.isConstructorDeclaration(member)) for (const p of member.parameters) typed(p.name, p.type);
        if (ts.isPropertyDeclaration(member)) typed(member.name, member.type);
      }
      classes.set(node.name.text, { file, node, fields });
    });
  return classes;
}

/** The subject constants a method uses, following `this.method()` and `this.field.method()` into gateway classes. */
function subjectsOfMethod(
  owner: GatewayClass,
  methodName: string,
  classes: Map<string, GatewayClass>,
  subjects: Map<string, string>,
  seen = new Set<string>(),
): Set<string> {
  const found = new Set<string>();
  const key = `${owner.node.name!.text}.${methodName}`;
  if (seen.has(key)) return found;
  seen.add(key);
  for (const member of owner.node.members) {
    const named = member.name && ts.isIdentifier(member.name) && member.name.text === methodName;
    if (!named || !(ts.isMethodDeclaration(member) || ts.isPropertyDeclaration(member))) continue;
    member.forEachChild(function visit(node) {
      if (ts.isPropertyAccessExpression(node)) {
        const subject = subjects.get(node.getText());
        if (subject) found.add(subject);
        // this.method(…) or this.field.method(…)
        const target = node.expression;
        if (target.kind === ts.SyntaxKind.ThisKeyword)
          for (const s of subjectsOfMethod(owner, node.name.text, classes, subjects, seen)) found.add(s);
        else if (ts.isPropertyAccessExpression(target) && target.expression.kind === ts.SyntaxKind.ThisKeyword) {
          const fieldClass = classes.get(owner.fields.get(target.name.text) ?? '');
          if (fieldClass)
            for (const s of subjectsOfMethod(fieldClass, node.name.text, classes, subjects, seen)) found.add(s);
        }
      }
      node.forEachChild(visit);
    });
  }
  return found;
}

const joinPath = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');

export function apiRoutes(): ApiRoute[] {
  const subjects = subjectConstants();
  const handlers = serviceHandlers(subjects);
  const files = tsFiles(join(ROOT, 'apps', 'gateway', 'src'));
  const classes = gatewayClasses(files);
  const routes: ApiRoute[] = [];
  for (const gatewayClass of classes.values()) {
    const controller = decoratorsOf(gatewayClass.node).find(({ name }) => name === 'Controller');
    if (!controller) continue;
    const prefix = stringOf(controller.args[0]) ?? '';
    for (const member of gatewayClass.node.members) {
      if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
      for (const { name, args } of decoratorsOf(member)) {
        if (!HTTP_METHODS.has(name)) continue;
        const routeSubjects = [...subjectsOfMethod(gatewayClass, member.name.text, classes, subjects)].sort();
        routes.push({
          method: name === 'All' ? 'ALL' : name.toUpperCase(),
          path: joinPath(prefix, stringOf(args[0]) ?? ''),
          controller: relative(ROOT, gatewayClass.file),
          subjects: routeSubjects,
          handlers: [...new Set(routeSubjects.flatMap((subject) => handlers.get(subject) ?? []))].sort(),
        });
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

const cell = (values: string[], code = true) =>
  values.length === 0 ? '—' : values.map((value) => (code ? `\`${value}\`` : value)).join('<br>');

export function apiRoutesMarkdown(routes = apiRoutes()): string {
  const rows = routes.map(
    (route) =>
      `| ${route.method} | \`${route.path}\` | ${cell([route.controller])} | ${cell(route.subjects)} | ${cell(route.handlers)} |`,
  );
  return [
    '# API routes',
    '',
    'Every REST route of the gateway, the RPC subjects its handler sends over NATS (including through the gateway',
    'services it calls) and the service controllers that answer them. Generated from the sources by',
    '`npm run api-routes`; a unit test fails when this file is out of date. "—" means the route sends no RPC itself',
    '(answered by the gateway, or through a guard, an interceptor or a cache).',
    '',
    '| Method | Path | Gateway controller | RPC subject | Service handler |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (require.main === module) {
  writeFileSync(API_ROUTES_DOC, apiRoutesMarkdown());
  console.log(`Wrote ${relative(ROOT, API_ROUTES_DOC)}`);
}
