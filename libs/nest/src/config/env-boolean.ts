/**
 * class-transformer `@Transform` for boolean variables. Reads the raw string: loadConfig's implicit
 * conversion would otherwise have turned 'false' into true (any non-empty string is truthy).
 */
export const envBoolean = ({ obj, key, value }: { obj: Record<string, unknown>; key: string; value: unknown }) => {
  const raw = obj[key];
  return typeof raw === 'string' ? ['1', 'true', 'yes'].includes(raw.trim().toLowerCase()) : value;
};
