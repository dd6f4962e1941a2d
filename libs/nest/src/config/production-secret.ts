import { registerDecorator, ValidateIf, type ValidationArguments } from 'class-validator';

/**
 * Values published with the code (docker-compose and k8s dev defaults, `npm start`'s fallbacks): anyone can read
 * them, so production refuses every one of them, alone or inside a longer value (a DATABASE_URL's password).
 * Each app adds its own with `@ProductionSecret(...)`; these are refused for every secret.
 */
export const PUBLISHED_DEVELOPMENT_SECRETS: readonly string[] = [
  'dev-only-postgres-password',
  'dev-only-csrf-secret-0123456789abcdef',
  'dev-only-code-hash-secret-0123456789abcdef',
  'Admin-Beta-2026!',
  'ZGV2LW9ubHkta2V5LW5vdC1mb3ItcHJvZHVjdGlvbiE=',
];
/** Any value marked as a development one ("dev-only-…", "development-only-…") is refused too. */
const MARKED_DEVELOPMENT_VALUE = /\b(dev|development)-only\b/i;

export interface ProductionSecretOptions {
  /** This secret's own development fallbacks (besides PUBLISHED_DEVELOPMENT_SECRETS). */
  developmentValues?: readonly string[];
  /**
   * 'production' (the default): optional outside production. 'always': required everywhere (its other rules say so).
   * false: production may leave it unset too (ADMIN_PASSWORD: needed only to seed the first admin).
   */
  required?: 'production' | 'always' | false;
}

/** The published development value `value` contains, if any. */
export function publishedDevelopmentValueIn(value: string, ownValues: readonly string[] = []): string | undefined {
  if (MARKED_DEVELOPMENT_VALUE.test(value)) return value.match(MARKED_DEVELOPMENT_VALUE)![0];
  return [...PUBLISHED_DEVELOPMENT_SECRETS, ...ownValues].find((known) => value.includes(known));
}

const inProduction = (config: object) => (config as { NODE_ENV?: string }).NODE_ENV === 'production';

/**
 * A secret of the process's environment. In production it must be set (unless `required: false`) and must not be
 * (or contain) a published development value; the refusal names the variable. Outside production it is optional and
 * any value goes (`npm start` and the tests use the development ones). The property's other rules (length, format)
 * apply whenever it is set, and to its absence in production.
 */
export function ProductionSecret({ developmentValues = [], required = 'production' }: ProductionSecretOptions = {}) {
  return (target: object, propertyName: string): void => {
    if (required !== 'always')
      ValidateIf((config: object, value: unknown) => value !== undefined || (required && inProduction(config)))(
        target,
        propertyName,
      );
    registerDecorator({
      name: 'productionSecret',
      target: target.constructor,
      propertyName,
      validator: {
        validate: (value: unknown, { object }: ValidationArguments) =>
          !inProduction(object) ||
          (typeof value === 'string' && value.trim() !== '' && !publishedDevelopmentValueIn(value, developmentValues)),
        defaultMessage: ({ value, property }: ValidationArguments) =>
          typeof value === 'string' && value.trim() !== ''
            ? `${property} is a published development value: production needs a secret of its own`
            : `${property} must be set in production`,
      },
    });
  };
}
