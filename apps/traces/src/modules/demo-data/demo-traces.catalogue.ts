import type { RiskLevel, TradingStyle } from '@copytrade/contracts';
import { DEMO_OWNERS } from '@copytrade/nest';

/** How a demo trace trades: its generator draws the trades from these. */
export interface DemoTradingProfile {
  /** Underlyings it trades, with a typical price in dollars. */
  symbols: ReadonlyArray<readonly [symbol: string, price: number]>;
  /** Share of its trades that are options (0..1). */
  optionsShare: number;
  /** Probability that a closed trade wins. */
  winProbability: number;
  /** Typical size of a stock move in percent (options move about three times as much). */
  movePercent: number;
  /** Trades opened per month. */
  tradesPerMonth: number;
  /** Dollars put into one trade: [min, max] (whole shares or contracts, at least one). */
  positionDollars: readonly [number, number];
}

export interface DemoTrace {
  ownerUsername: string;
  name: string;
  handle: string;
  description: string;
  bio: string;
  tradingStyle: TradingStyle[];
  riskLevel: RiskLevel;
  minInvestment: number;
  isVerified: boolean;
  isFeatured: boolean;
  profile: DemoTradingProfile;
}

/** The demo trace an admin would designate for onboarding; the seeder designates it when none is. */
export const DEMO_ONBOARDING_HANDLE = '@momentum_masters';

const MEGA_CAPS = [
  ['AAPL', 228],
  ['MSFT', 415],
  ['NVDA', 138],
  ['AMZN', 201],
  ['META', 560],
  ['GOOGL', 172],
] as const;
const GROWTH = [
  ['TSLA', 248],
  ['AMD', 142],
  ['PLTR', 42],
  ['SHOP', 88],
  ['CRWD', 310],
] as const;
const CRYPTO = [
  ['BTCUSD', 96_500],
  ['ETHUSD', 3_350],
  ['SOLUSD', 238],
  ['COIN', 295],
  ['MSTR', 340],
] as const;
const ETFS = [
  ['SPY', 592],
  ['QQQ', 508],
  ['IWM', 232],
  ['XLE', 92],
  ['TLT', 93],
] as const;
const SMALL_CAPS = [
  ['SOFI', 14],
  ['RKLB', 21],
  ['IONQ', 28],
  ['HIMS', 27],
] as const;

const trace = (
  ownerUsername: string,
  name: string,
  handle: string,
  details: Omit<DemoTrace, 'ownerUsername' | 'name' | 'handle'>,
): DemoTrace => ({ ownerUsername, name, handle, ...details });

/** A dozen traces across stocks, options and crypto-named symbols; some featured, some verified. */
export const DEMO_TRACES: readonly DemoTrace[] = [
  trace('maya_chen', 'Momentum Masters', DEMO_ONBOARDING_HANDLE, {
    description: 'Large-cap momentum swings with defined-risk options on the strongest names.',
    bio: 'Ex-prop desk trader. I buy strength after consolidation and cut losers fast; every entry comes with a stop.',
    tradingStyle: ['stocks', 'swing_trading', 'options'],
    riskLevel: 'medium',
    minInvestment: 1000,
    isVerified: true,
    isFeatured: true,
    profile: {
      symbols: [...MEGA_CAPS, ...GROWTH],
      optionsShare: 0.3,
      winProbability: 0.68,
      movePercent: 4,
      tradesPerMonth: 12,
      positionDollars: [2000, 12000],
    },
  }),
  trace('maya_chen', 'Tech Breakouts', '@tech_breakouts', {
    description: 'Intraday breakouts in liquid technology stocks.',
    bio: 'Opening-range breakouts, flat by the close. Small size, many trades.',
    tradingStyle: ['stocks', 'day_trading'],
    riskLevel: 'high',
    minInvestment: 2500,
    isVerified: false,
    isFeatured: false,
    profile: {
      symbols: GROWTH,
      optionsShare: 0,
      winProbability: 0.55,
      movePercent: 2.5,
      tradesPerMonth: 20,
      positionDollars: [3000, 15000],
    },
  }),
  trace('maya_chen', 'Dividend Steady', '@dividend_steady', {
    description: 'Slow, steady positions in dividend payers and broad ETFs.',
    bio: 'Position trading for people with jobs. Few trades, long holds.',
    tradingStyle: ['stocks', 'etfs', 'position_trading'],
    riskLevel: 'low',
    minInvestment: 500,
    isVerified: true,
    isFeatured: false,
    profile: {
      symbols: [...ETFS, ['JNJ', 155], ['KO', 63], ['PG', 170]],
      optionsShare: 0,
      winProbability: 0.7,
      movePercent: 1.8,
      tradesPerMonth: 5,
      positionDollars: [2000, 10000],
    },
  }),
  trace('leo_park', 'Crypto Pulse', '@crypto_pulse', {
    description: 'Bitcoin, Ether and Solana trend trades around the weekly levels.',
    bio: 'Trend follower in crypto since 2017. I size down when volatility spikes.',
    tradingStyle: ['crypto', 'swing_trading'],
    riskLevel: 'high',
    minInvestment: 1000,
    isVerified: true,
    isFeatured: true,
    profile: {
      symbols: CRYPTO,
      optionsShare: 0,
      winProbability: 0.6,
      movePercent: 7,
      tradesPerMonth: 10,
      positionDollars: [2000, 20000],
    },
  }),
  trace('leo_park', 'Altcoin Swing', '@altcoin_swing', {
    description: 'Swing trades in crypto-linked equities and the majors.',
    bio: 'Crypto miners, exchanges and treasuries: the equity side of the cycle.',
    tradingStyle: ['crypto', 'stocks', 'swing_trading'],
    riskLevel: 'high',
    minInvestment: 750,
    isVerified: false,
    isFeatured: false,
    profile: {
      symbols: [
        ['COIN', 295],
        ['MSTR', 340],
        ['MARA', 22],
        ['RIOT', 12],
        ['SOLUSD', 238],
      ],
      optionsShare: 0.1,
      winProbability: 0.52,
      movePercent: 6,
      tradesPerMonth: 9,
      positionDollars: [1500, 8000],
    },
  }),
  trace('leo_park', 'Chain Value', '@chain_value', {
    description: 'Accumulation on deep pullbacks; patient exits.',
    bio: 'I only buy fear. Expect long quiet stretches.',
    tradingStyle: ['crypto', 'position_trading'],
    riskLevel: 'medium',
    minInvestment: 250,
    isVerified: false,
    isFeatured: false,
    profile: {
      symbols: CRYPTO,
      optionsShare: 0,
      winProbability: 0.58,
      movePercent: 9,
      tradesPerMonth: 4,
      positionDollars: [1000, 6000],
    },
  }),
  trace('sara_okafor', 'Options Income Lab', '@options_income', {
    description: 'Premium selling and defined-risk spreads on index ETFs and mega caps.',
    bio: 'Former market maker. I sell premium when it is rich and hedge when it is not.',
    tradingStyle: ['options', 'stocks'],
    riskLevel: 'medium',
    minInvestment: 2000,
    isVerified: true,
    isFeatured: true,
    profile: {
      symbols: [...ETFS.slice(0, 3), ...MEGA_CAPS.slice(0, 3)],
      optionsShare: 0.85,
      winProbability: 0.72,
      movePercent: 3,
      tradesPerMonth: 12,
      positionDollars: [1000, 5000],
    },
  }),
  trace('sara_okafor', 'Theta Harvest', '@theta_harvest', {
    description: 'Short-dated calls and puts around earnings.',
    bio: 'Earnings-week options only. High variance: size accordingly.',
    tradingStyle: ['options', 'day_trading'],
    riskLevel: 'high',
    minInvestment: 1500,
    isVerified: false,
    isFeatured: false,
    profile: {
      symbols: [...MEGA_CAPS, ...GROWTH],
      optionsShare: 1,
      winProbability: 0.5,
      movePercent: 4,
      tradesPerMonth: 8,
      positionDollars: [500, 3000],
    },
  }),
  trace('sara_okafor', 'Volatility Desk', '@volatility_desk', {
    description: 'Scalps in SPY and QQQ on volatility spikes.',
    bio: 'In and out within the hour. Not for everyone.',
    tradingStyle: ['etfs', 'scalping', 'day_trading'],
    riskLevel: 'high',
    minInvestment: 3000,
    isVerified: false,
    isFeatured: false,
    profile: {
      symbols: ETFS.slice(0, 2),
      optionsShare: 0.4,
      winProbability: 0.57,
      movePercent: 1.2,
      tradesPerMonth: 24,
      positionDollars: [5000, 25000],
    },
  }),
  trace('dev_patel', 'ETF Rotation', '@etf_rotation', {
    description: 'Monthly sector and asset-class rotation with ETFs.',
    bio: 'Relative strength across sectors, rebalanced monthly. Boring on purpose.',
    tradingStyle: ['etfs', 'stocks', 'position_trading'],
    riskLevel: 'low',
    minInvestment: 1000,
    isVerified: true,
    isFeatured: false,
    profile: {
      symbols: ETFS,
      optionsShare: 0,
      winProbability: 0.62,
      movePercent: 2.2,
      tradesPerMonth: 6,
      positionDollars: [5000, 20000],
    },
  }),
  trace('dev_patel', 'Small Cap Hunters', '@small_cap_hunters', {
    description: 'High-volume small caps breaking out of long bases.',
    bio: 'Scanner-driven. Most trades lose a little; a few win a lot.',
    tradingStyle: ['stocks', 'day_trading', 'swing_trading'],
    riskLevel: 'high',
    minInvestment: 500,
    isVerified: false,
    isFeatured: true,
    profile: {
      symbols: SMALL_CAPS,
      optionsShare: 0,
      winProbability: 0.45,
      movePercent: 7,
      tradesPerMonth: 14,
      positionDollars: [1000, 5000],
    },
  }),
  trace('dev_patel', 'Value Compounders', '@value_compounders', {
    description: 'Quality companies bought on pullbacks and held for months.',
    bio: 'Fundamentals first, technicals for timing.',
    tradingStyle: ['stocks', 'position_trading'],
    riskLevel: 'low',
    minInvestment: 1000,
    isVerified: false,
    isFeatured: false,
    profile: {
      symbols: [...MEGA_CAPS, ['BRK.B', 470], ['V', 310]],
      optionsShare: 0,
      winProbability: 0.64,
      movePercent: 3.5,
      tradesPerMonth: 4,
      positionDollars: [3000, 12000],
    },
  }),
];

/** The demo owner's account id for a catalogue entry. */
export function demoOwnerId(username: string): string {
  const owner = DEMO_OWNERS.find((candidate) => candidate.username === username);
  if (!owner) throw new Error(`No demo owner named ${username}`);
  return owner.id;
}
