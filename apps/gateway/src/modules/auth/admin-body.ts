import type { AdminBodyDto } from '@copytrade/contracts';

/** Strips the body's userId: the session decides who acts (docs/product.md#rest-calls: it is never trusted). */
export const withoutUserId = <T extends AdminBodyDto>({ userId: _ignored, ...rest }: T) => rest;
