import Decimal from 'decimal.js';

/** Exact decimals inside, JSON numbers at the edge: money to the cent, prices to 4 places, quantities to 8. */
const round =
  (places: number) =>
  (value: string | null | undefined): number | null =>
    value === null || value === undefined || value === ''
      ? null
      : new Decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toNumber();

export const money = round(2);
export const price = round(4);
export const quantity = round(8);
