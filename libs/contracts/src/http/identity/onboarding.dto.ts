import { IsUUID } from 'class-validator';
import type { UserView } from './user.view';

/** POST /api/check-onboarding-status and /api/complete-onboarding: the userId must be the session's user. */
export class OnboardingUserDto {
  @IsUUID('all', { message: 'userId must be a valid id' })
  userId: string;
}

export interface OnboardingStatusResponse {
  success: true;
  completed: boolean;
}
export interface CompleteOnboardingResponse {
  success: true;
  user: UserView;
  message: string;
}
