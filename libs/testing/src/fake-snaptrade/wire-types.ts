import type { AccountOrderRecord } from 'snaptrade-typescript-sdk';

/**
 * An SDK model without its `[key: string]: any` index signatures, at every depth: an object literal typed with it
 * fails the type-check on any field the provider's schema does not have, and on any enum value it does not define.
 */
export type Known<T> = T extends (infer Item)[]
  ? Known<Item>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: Known<T[K]> }
    : T;

/** The spec marks order_role `nullable: true` ("Null for non-complex orders"); the SDK's type omits the null. */
export type WireOrderRecord = Omit<Known<AccountOrderRecord>, 'order_role'> & {
  order_role: Known<AccountOrderRecord>['order_role'] | null;
};
