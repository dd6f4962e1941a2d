import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

/**
 * Reads and validates an app's environment at boot against a class-validator schema, so a missing or
 * malformed variable stops the process with one clear message instead of failing later.
 * This is the only place that reads process.env.
 */
export function loadConfig<T extends object>(schema: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const config = plainToInstance(schema, { ...env }, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: false, skipMissingProperties: false });
  if (errors.length > 0) {
    const problems = errors.flatMap((error) => Object.values(error.constraints ?? {}).map((text) => `  - ${text}`));
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return config;
}
