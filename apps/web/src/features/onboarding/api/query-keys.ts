/**
 * Query keys of the onboarding wizard's own reads. The designated trader lives under the traces feature's key
 * (`tracesKeys.onboardingTrader()`), so an admin's change of the onboarding trader refreshes it.
 */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  status: (userId: string) => [...onboardingKeys.all, 'status', userId] as const,
};
