import { MaintenanceModeChanged } from './admin/maintenance-mode-changed.v1';
import { BrokerageAccountUpdated } from './brokerage/brokerage-account-updated.v1';
import { BrokerageConnected } from './brokerage/brokerage-connected.v1';
import { BrokerageDisconnected } from './brokerage/brokerage-disconnected.v1';
import { OrderFilled } from './brokerage/order-filled.v1';
import { OrderUpdated } from './brokerage/order-updated.v1';
import { ProviderUserDeleted } from './brokerage/provider-user-deleted.v1';
import { ProviderUserRegistered } from './brokerage/provider-user-registered.v1';
import type { CataloguedEventDefinition } from './catalogued-event';
import { AutoCopyResumed } from './copy-engine/auto-copy-resumed.v1';
import { AutoCopyPaused } from './copy-engine/auto-copy-paused.v1';
import { CopyClosed } from './copy-engine/copy-closed.v1';
import { CopyGuardTriggered } from './copy-engine/copy-guard-triggered.v1';
import { CopyCloseAbandoned } from './copy-engine/copy-close-abandoned.v1';
import { CopyOpened } from './copy-engine/copy-opened.v1';
import { CopySkipped } from './copy-engine/copy-skipped.v1';
import { CopyFailed } from './copy-engine/copy-failed.v1';
import { TraceFollowerResultsComputed } from './copy-engine/trace-follower-results-computed.v1';
import { BetaRequestApproved } from './identity/beta-request-approved.v1';
import { UserRegistered } from './identity/user-registered.v1';
import { UserRoleChanged } from './identity/user-role-changed.v1';
import { UserSettingsChanged } from './identity/user-settings-changed.v1';
import { SubscriptionEnded, SubscriptionStarted } from './traces/subscription-events.v1';
import { TradeClosed } from './traces/trade-closed.v1';
import { TradeShared } from './traces/trade-shared.v1';

/** Every event the platform publishes, keyed by type. The JetStream stream captures `events.>`. */
export const EventCatalogue = {
  MaintenanceModeChanged,
  BrokerageConnected,
  BrokerageDisconnected,
  ProviderUserRegistered,
  ProviderUserDeleted,
  OrderUpdated,
  OrderFilled,
  BrokerageAccountUpdated,
  UserRegistered,
  UserSettingsChanged,
  UserRoleChanged,
  BetaRequestApproved,
  SubscriptionStarted,
  SubscriptionEnded,
  TradeShared,
  TradeClosed,
  CopyOpened,
  CopyClosed,
  CopySkipped,
  CopyFailed,
  TraceFollowerResultsComputed,
  AutoCopyResumed,
  CopyGuardTriggered,
  AutoCopyPaused,
  CopyCloseAbandoned,
} as const;

export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECTS = 'events.>';
/** Subjects under this prefix belong to the platform stream: each must be in the catalogue. */
export const EVENTS_SUBJECT_PREFIX = 'events.';

/** Subject → definition (with its payload class): what a consumer checks a received event against. */
export const EventCatalogueBySubject: ReadonlyMap<string, CataloguedEventDefinition<object>> = new Map(
  Object.values(EventCatalogue).map((definition) => [
    definition.subject,
    definition as CataloguedEventDefinition<object>,
  ]),
);
