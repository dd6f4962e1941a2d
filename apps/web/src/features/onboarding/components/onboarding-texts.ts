/** The wizard's exact words (docs/product.md#onboarding-wizard). */
export const ONBOARDING_TEXTS = {
  checking: 'Checking onboarding status...',
  loadingTrader: 'Loading trader information...',
  settingUp: 'Setting up your subscription...',
  traderFailed: 'Failed to load trader information',
  autoSubscribe: 'Auto-Subscribe Now',
  subscribing: 'Subscribing...',
  noTrades: 'No recent trades available',
  allSet: "You're All Set!",
  viewLiveTrades: 'View Live Trades',
  skip: 'Skip for Now',
  continueToApp: 'Continue to App',
  previous: 'Previous',
  continue: 'Continue',
} as const;

/** Four steps; the wizard closes about 100 ms after completion. */
export const ONBOARDING_STEPS = 4;
export const ONBOARDING_CLOSE_DELAY_MS = 100;
