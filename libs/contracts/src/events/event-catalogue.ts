import { MaintenanceModeChanged } from './admin/maintenance-mode-changed.v1';
import { BrokerageConnected } from './brokerage/brokerage-connected.v1';
import { BrokerageDisconnected } from './brokerage/brokerage-disconnected.v1';
import { ProviderUserRegistered } from './brokerage/provider-user-registered.v1';
import { BetaRequestApproved } from './identity/beta-request-approved.v1';
import { UserRegistered } from './identity/user-registered.v1';
import { UserSettingsChanged } from './identity/user-settings-changed.v1';

/** Every event the platform publishes, keyed by type. The JetStream stream captures `events.>`. */
export const EventCatalogue = {
  MaintenanceModeChanged,
  BrokerageConnected,
  BrokerageDisconnected,
  ProviderUserRegistered,
  UserRegistered,
  UserSettingsChanged,
  BetaRequestApproved,
} as const;

export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECTS = 'events.>';
