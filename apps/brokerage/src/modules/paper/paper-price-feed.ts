import { Inject, Injectable } from '@nestjs/common';
import { parseOccSymbol } from '@copytrade/contracts';
import Decimal from 'decimal.js';
import { DataSource, In } from 'typeorm';
import { BrokerageConfig } from '../../config/brokerage.config';
import { PaperMarketSettingEntity } from './entities/paper-market-setting.entity';
import { daysUntil } from './market-hours';
import { simulatedOptionPrice, simulatedStockPrice } from './simulated-price';

const priceKey = (symbol: string) => `price:${symbol}`;

/**
 * Current prices of the paper market: a price set through the development endpoint wins, otherwise the
 * seeded simulation. An option without a price of its own follows its underlying's (possibly set) price.
 */
@Injectable()
export class PaperPriceFeed {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(BrokerageConfig) private readonly config: BrokerageConfig,
  ) {}

  async prices(symbols: string[], at: Date = new Date()): Promise<Map<string, Decimal>> {
    const wanted = [...new Set(symbols)];
    const underlyings = wanted
      .map((symbol) => parseOccSymbol(symbol)?.underlying)
      .filter((value): value is string => Boolean(value));
    const overrides = await this.overrides([...wanted, ...underlyings]);
    const stockPrice = (symbol: string) =>
      overrides.get(symbol) ?? simulatedStockPrice(this.config.PAPER_PRICE_SEED, symbol, at);
    const result = new Map<string, Decimal>();
    for (const symbol of wanted) {
      const contract = parseOccSymbol(symbol);
      const own = overrides.get(symbol);
      if (own) result.set(symbol, own);
      else if (contract)
        result.set(
          symbol,
          simulatedOptionPrice(
            stockPrice(contract.underlying),
            contract.optionType,
            new Decimal(contract.strikePrice),
            daysUntil(contract.expirationDate, at),
          ),
        );
      else result.set(symbol, stockPrice(symbol));
    }
    return result;
  }

  async price(symbol: string, at: Date = new Date()): Promise<Decimal> {
    return (await this.prices([symbol], at)).get(symbol)!;
  }

  async setPrice(symbol: string, price: Decimal): Promise<void> {
    await this.dataSource
      .getRepository(PaperMarketSettingEntity)
      .upsert({ key: priceKey(symbol), value: price.toFixed(6) }, ['key']);
  }

  private async overrides(symbols: string[]): Promise<Map<string, Decimal>> {
    if (symbols.length === 0) return new Map();
    const rows = await this.dataSource
      .getRepository(PaperMarketSettingEntity)
      .findBy({ key: In([...new Set(symbols)].map(priceKey)) });
    return new Map(rows.map((row) => [row.key.slice('price:'.length), new Decimal(row.value as string)]));
  }
}
