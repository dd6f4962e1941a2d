import { Transform } from 'class-transformer';
import { IsString } from 'class-validator';
import { validateEmail } from '../../rules/email.rules';
import { Messages } from '../../rules/messages';
import { PASSWORD_RULES, PasswordRules } from '../../rules/password.rules';
import { SatisfiesRule, trimString } from '../common/satisfies-rule.validator';

/** POST /api/auth/forgot-password */
export class ForgotPasswordDto {
  @Transform(trimString)
  @SatisfiesRule((value) => validateEmail(typeof value === 'string' ? value : ''))
  email: string;
}

/**
 * POST /api/auth/reset-password. The password rules themselves are applied by identity with
 * `validateNewPassword`, the web form's rule function, so the first broken rule is the message.
 */
export class ResetPasswordDto {
  @Transform(trimString)
  @SatisfiesRule((value) => (typeof value === 'string' && value !== '' ? null : Messages.resetTokenMissing))
  token: string;

  @IsString({ message: PASSWORD_RULES[0]!.message })
  newPassword: string;

  @IsString({ message: PasswordRules.mismatchMessage })
  confirmPassword: string;
}

export interface ForgotPasswordResponse {
  success: true;
  message: string;
}
export interface ResetPasswordResponse {
  success: true;
  message: string;
}
