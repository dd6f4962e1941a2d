import type { AdminBodyDto } from '@copytrade/contracts';

/** Strips the body's userId: the session decides who acts (seed 001 §6 sends it; it is never trusted). */
export const withoutUserId = <T extends AdminBodyDto>({ userId: _ignored, ...rest }: T) => rest;
