import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Nest wiring classes (controllers and modules) named the same in two apps make logs, stack traces and searches
 * ambiguous. The rule when names would collide: the app that owns the concept keeps the plain name, every other
 * app prefixes its own name (`GatewayBetaController`, `IdentityAdminUsersController`), as the RPC subject
 * constants in libs/contracts already do (`IdentityAdminUsersRpc`, `TracesAdminTradesRpc`).
 */
const WIRING_CLASS = /^export (?:abstract )?class (\w+(?:Controller|Module))\b/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(spec|int-spec|e2e-spec)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Each controller or module class name declared more than once under apps/*\/src, with the files declaring it. */
export function duplicateWiringClasses(appsDir: string): Record<string, string[]> {
  const files = new Map<string, string[]>();
  for (const app of readdirSync(appsDir)) {
    const src = join(appsDir, app, 'src');
    if (!statSync(join(appsDir, app)).isDirectory() || !readdirSync(join(appsDir, app)).includes('src')) continue;
    for (const file of sourceFiles(src))
      for (const [, name] of readFileSync(file, 'utf8').matchAll(WIRING_CLASS))
        files.set(name, [...(files.get(name) ?? []), relative(appsDir, file)]);
  }
  return Object.fromEntries([...files].filter(([, declared]) => declared.length > 1).sort());
}
