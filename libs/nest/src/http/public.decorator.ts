import { SetMetadata } from '@nestjs/common';

/** Route metadata key read by the gateway's session guard. */
export const IS_PUBLIC = 'access:public';

/**
 * Reachable signed out. The gateway's guard protects every route by default and lets through only handlers or
 * controllers marked with this (it lives here so shared controllers such as the probes can be marked too).
 */
export const Public = () => SetMetadata(IS_PUBLIC, true);
