import type { AvailabilityResponse } from '@copytrade/contracts';
import { SignupMessages } from '@copytrade/contracts/rules';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authFormKeys } from './query-keys';

export const PHONE_CHECK_FAILED = 'Error checking phone number';
export const PHONE_CHECK_UNREACHABLE = 'Error checking phone number availability';

/** POST /api/check-phone: whether a phone number is not registered yet. */
export const checkPhone = (phoneNumber: string, signal?: AbortSignal): Promise<AvailabilityResponse> =>
  api.post<AvailabilityResponse>('/api/check-phone', { phoneNumber }, { signal });

export const checkPhoneQueryOptions = (phoneNumber: string) =>
  queryOptions({
    queryKey: authFormKeys.phoneAvailability(phoneNumber),
    queryFn: ({ signal }) => checkPhone(phoneNumber, signal),
    retry: false,
    staleTime: 30 * 1000,
  });

export const phoneAvailabilityMessages = {
  available: SignupMessages.phoneAvailable,
  unavailable: SignupMessages.phoneTaken,
  failed: PHONE_CHECK_FAILED,
  unreachable: PHONE_CHECK_UNREACHABLE,
} as const;
