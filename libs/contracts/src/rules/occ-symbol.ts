/**
 * OCC option symbols (21 characters): root padded with spaces to 6, YYMMDD, C or P, strike × 1000 on 8 digits.
 * `AAPL  261218C00240000` = AAPL 2026-12-18 240 Call. Used by the web app, the brokerage service and the paper broker.
 */
export type OptionType = 'CALL' | 'PUT';

export interface OptionContract {
  underlying: string;
  optionType: OptionType;
  /** Decimal string, e.g. "240" or "12.5". */
  strikePrice: string;
  /** YYYY-MM-DD */
  expirationDate: string;
}

const OCC_PATTERN = /^([A-Z0-9.]{1,6}) *(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

export function buildOccSymbol(contract: OptionContract): string {
  const [year, month, day] = contract.expirationDate.split('-');
  const strikeThousandths = Math.round(Number(contract.strikePrice) * 1000);
  return `${contract.underlying.toUpperCase().padEnd(6, ' ')}${year!.slice(2)}${month}${day}${contract.optionType === 'CALL' ? 'C' : 'P'}${String(strikeThousandths).padStart(8, '0')}`;
}

/** Parses an OCC symbol (spaces between root and date optional); null when it is not one. */
export function parseOccSymbol(symbol: string): OptionContract | null {
  const match = OCC_PATTERN.exec(symbol.trim().toUpperCase());
  if (!match) return null;
  const [, underlying, yy, mm, dd, kind, strike] = match;
  const thousandths = Number(strike);
  return {
    underlying: underlying!,
    optionType: kind === 'C' ? 'CALL' : 'PUT',
    strikePrice: String(thousandths / 1000),
    expirationDate: `20${yy}-${mm}-${dd}`,
  };
}
