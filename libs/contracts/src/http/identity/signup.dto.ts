import { IsString } from 'class-validator';
import { isPhoneCheckable, isUsernameCheckable, SignupMessages } from '../../rules/signup.rules';
import { SatisfiesRule } from '../common/satisfies-rule.validator';
import type { UserView } from './user.view';

const fillAll = { message: SignupMessages.fillAllFields };
/** Too short to check is a 400; any other shape problem is answered as "not available" with its reason. */
const usernameRule = (value: unknown) => {
  if (typeof value !== 'string' || !isUsernameCheckable(value)) return SignupMessages.usernameTooShort;
  return value.length > 100 ? SignupMessages.usernameInvalid : null;
};
const phoneRule = (value: unknown) =>
  typeof value === 'string' && isPhoneCheckable(value) && value.length <= 40 ? null : SignupMessages.phoneInvalid;

/** POST /api/check-username (the web calls it from 3 characters on). */
export class CheckUsernameDto {
  @SatisfiesRule(usernameRule)
  username: string;
}

/** POST /api/check-phone (the web calls it from 10 characters on). */
export class CheckPhoneDto {
  @SatisfiesRule(phoneRule)
  phoneNumber: string;
}

/**
 * POST /api/final-signup: the nine fields. Only their presence is checked here; identity applies
 * `validateSignupForm` (the web form's own rule function) so the messages come in the documented order.
 */
export class FinalSignupDto {
  @IsString(fillAll) firstName: string;
  @IsString(fillAll) lastName: string;
  @IsString(fillAll) email: string;
  @IsString(fillAll) username: string;
  @IsString(fillAll) password: string;
  @IsString(fillAll) confirmPassword: string;
  @IsString(fillAll) phoneNumber: string;
  @IsString(fillAll) occupation: string;
  @IsString(fillAll) annualIncome: string;
}

export interface AvailabilityResponse {
  success: true;
  available: boolean;
  message: string;
}
export interface FinalSignupResponse {
  success: true;
  user: UserView;
  message: string;
}
