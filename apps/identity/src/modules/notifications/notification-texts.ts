import type {
  AutoCopyPausedV1,
  CopyCloseAbandonedV1,
  CopyClosedV1,
  CopyFailedV1,
  CopyGuardTriggeredV1,
  CopyOpenedV1,
  CopySkippedV1,
  OpsAlert,
  OrderUpdatedV1,
  SubscriptionStartedV1,
  TradeClosedV1,
  TradeSharedV1,
} from '@copytrade/contracts';

/** What a notification says: its title and one plain sentence. */
export interface NotificationText {
  title: string;
  body: string;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
/** A decimal text as dollars ("$187.20"); display only, the stored amounts stay exact elsewhere. */
export const money = (amount: string): string => usd.format(Number(amount));

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "10 shares", "1 contract". */
const units = (quantity: string, isOptions: boolean) => {
  const count = Number(quantity);
  return `${count.toLocaleString('en-US', { maximumFractionDigits: 6 })} ${
    isOptions ? (count === 1 ? 'contract' : 'contracts') : count === 1 ? 'share' : 'shares'
  }`;
};

/** The instrument as followers know it: an option's OCC symbol, else the ticker. */
export const instrumentOf = (trade: { symbol: string; optionsTicker: string | null }) =>
  trade.optionsTicker ?? trade.symbol;

const traceLabel = (traceName: string | null) => traceName ?? 'A trace you follow';

export const NotificationTexts = {
  tradeShared(trade: TradeSharedV1, traceName: string | null): NotificationText {
    const instrument = instrumentOf(trade);
    return {
      title: `New trade: ${instrument}`,
      body: `${traceLabel(traceName)} shared a ${trade.side} of ${instrument} at ${money(trade.entryPrice)}.`,
    };
  },

  tradeSold(trade: TradeClosedV1, traceName: string | null): NotificationText {
    const instrument = instrumentOf(trade);
    return {
      title: `Trade closed: ${instrument}`,
      body: `${traceLabel(traceName)} ${trade.reason === 'sold' ? 'sold' : 'closed'} ${instrument} at ${money(trade.exitPrice)}.`,
    };
  },

  copyOpened(copy: CopyOpenedV1): NotificationText {
    return {
      title: 'Copy opened',
      body: `Your copy of ${instrumentOf(copy)} opened: ${units(copy.quantity, copy.isOptions)} at ${money(copy.entryPrice)}`,
    };
  },

  copyFailed(copy: CopyFailedV1): NotificationText {
    return { title: 'Copy not placed', body: `Your copy of ${instrumentOf(copy)} was not placed: ${copy.reason}` };
  },

  copySkipped(copy: CopySkippedV1): NotificationText {
    return { title: 'Copy skipped', body: `Your copy of ${instrumentOf(copy)} was skipped: ${copy.reason}` };
  },

  copyClosed(copy: CopyClosedV1): NotificationText {
    const pnl = Number(copy.realizedPnl);
    const outcome = pnl >= 0 ? `a gain of ${money(copy.realizedPnl)}` : `a loss of ${money(copy.realizedPnl.slice(1))}`;
    return {
      title: 'Copy closed',
      body: `Your copy of ${instrumentOf(copy)} closed: ${units(copy.quantity, copy.isOptions)} sold at ${money(copy.exitPrice)}, ${outcome}`,
    };
  },

  copyCloseAbandoned(event: CopyCloseAbandonedV1): NotificationText {
    const why = { trader_sell: 'the trader sold', stop_loss: 'your copy stop-loss', kill_switch: 'your kill switch' }[
      event.reason
    ];
    const refusal = event.refusal ? `: ${event.refusal}` : '';
    return {
      title: 'Copy could not be closed',
      body: `A copy was to be sold (${why}), but the brokerage refused the sell ${plural(event.attempts, 'time', 'times')}${refusal}. The copy stays open.`,
    };
  },

  copyGuardTriggered(event: CopyGuardTriggeredV1): NotificationText {
    const copies = plural(event.copyIds.length, 'copy', 'copies');
    if (event.guard === 'kill_switch')
      return { title: 'Kill switch: closing copies', body: `Your kill switch is selling ${copies} at market.` };
    const loss = event.lossPercent ? ` at a ${Number(event.lossPercent).toFixed(2)}% loss` : '';
    const threshold = event.thresholdPercent ? ` (your limit: ${Number(event.thresholdPercent)}%)` : '';
    return {
      title: 'Copy stop-loss triggered',
      body: `Your copy stop-loss fired${loss}${threshold}: ${copies} of the trace are being sold at market and automatic copying of it is paused.`,
    };
  },

  autoCopyPaused(event: AutoCopyPausedV1): NotificationText {
    const body = {
      stop_loss: 'Your copy stop-loss paused automatic copying of a trace.',
      daily_loss: 'Your daily loss limit was reached: automatic copying is paused.',
      kill_switch: 'Your kill switch stopped automatic copying of every trace.',
      user: 'You paused automatic copying.',
    }[event.reason];
    return { title: 'Automatic copying paused', body };
  },

  newSubscriber(event: SubscriptionStartedV1, username: string | null, traceName: string | null): NotificationText {
    const who = username ? `@${username}` : 'Someone';
    const tier = event.tierName.charAt(0).toUpperCase() + event.tierName.slice(1);
    return {
      title: 'New subscriber',
      body: `${who} subscribed to ${traceName ?? 'your trace'} (${tier} tier).`,
    };
  },

  tradeCopied(copies: number, instrument: string): NotificationText {
    return {
      title: `Your trade was copied: ${instrument}`,
      body: `${plural(copies, 'follower', 'followers')} copied ${instrument}`,
    };
  },

  unknownOrder(order: OrderUpdatedV1): NotificationText {
    return {
      title: 'Order outcome unknown',
      body: `An order to ${order.action.toLowerCase()} ${order.quantity} ${order.symbol} (${order.provider}) has an unknown outcome: resolve it in the admin panel.`,
    };
  },

  opsAlert(alert: OpsAlert): NotificationText {
    const error = alert.error ? `: ${alert.error}` : '';
    // The alert names the schema (copy_engine); the events CLI takes the service (copy-engine).
    const service = alert.service.replace(/_/g, '-');
    return alert.kind === 'outbox_set_aside'
      ? {
          title: `Outbox event set aside (${service})`,
          body: `An event on ${alert.subject} could not be published and was set aside${error}. Once fixed: npm run events -- outbox retry ${alert.id} --service ${service}`,
        }
      : {
          title: `Event dead-lettered (${service})`,
          body: `An event on ${alert.subject} could not be applied and was dead-lettered${error}. Once fixed: npm run events -- dead-letters redrive ${alert.id} --service ${service}`,
        };
  },
};
