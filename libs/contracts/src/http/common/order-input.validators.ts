import { Matches } from 'class-validator';
import { OrderInputMessages, OrderInputRules } from '../../rules/order-input.rules';

/** Options of @IsNumber for amounts and prices: a finite number (NaN and Infinity refused). */
export const finite = { allowNaN: false, allowInfinity: false } as const;

/** A text field of an order body holds no control character (a NUL would reach the database). */
export const printable = (field: string) =>
  Matches(OrderInputRules.printable, { message: OrderInputMessages.printable(field) });
