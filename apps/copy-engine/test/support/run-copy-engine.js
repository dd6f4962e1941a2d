/**
 * Runs the copy engine from its TypeScript sources in a child process (crash tests): the sources compiled on load
 * by SWC with the same settings as the test runner (legacy decorators and their metadata, which NestJS needs and
 * esbuild-based loaders do not emit), and @copytrade/* resolved to the libraries' sources, as in the tests.
 */
const Module = require('node:module');
const { resolve } = require('node:path');
const { addHook } = require('pirates');
const { transformSync } = require('@swc/core');

const root = resolve(__dirname, '../../../..');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const lib = /^@copytrade\/(contracts|nest|testing)(\/.*)?$/.exec(request);
  if (lib) request = resolve(root, 'libs', lib[1], 'src', (lib[2] ?? '').slice(1) || 'index.ts');
  return resolveFilename.call(this, request, ...rest);
};
addHook(
  (code, filename) =>
    transformSync(code, {
      filename,
      sourceMaps: 'inline',
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
        keepClassNames: true,
      },
      module: { type: 'commonjs' },
    }).code,
  { exts: ['.ts'], ignoreNodeModules: true },
);
require(resolve(root, 'apps/copy-engine/src/main.ts'));
