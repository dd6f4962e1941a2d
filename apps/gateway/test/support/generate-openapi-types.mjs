// Writes TypeScript types for an OpenAPI document with openapi-typescript's Node API: `node <this> doc.json api.d.ts`.
// A separate process because openapi-typescript's dependencies are ES modules, which jest's CommonJS runtime cannot load.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

const [input, output] = process.argv.slice(2);
const ast = await openapiTS(JSON.parse(readFileSync(input, 'utf8')));
writeFileSync(output, astToString(ast));
