import { IdentityErrorCode, SignupMessages } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';

/** The 409 for each unique field of a user, keyed by the unique index that guards it. */
export const SignupConflicts = {
  username: () => new DomainException(409, IdentityErrorCode.USERNAME_TAKEN, SignupMessages.chooseAvailableUsername),
  phone: () => new DomainException(409, IdentityErrorCode.PHONE_TAKEN, SignupMessages.useUniquePhone),
  email: () => new DomainException(409, IdentityErrorCode.EMAIL_TAKEN, SignupMessages.emailTaken),
};

const BY_INDEX: Record<string, () => DomainException> = {
  users_username_lower_key: SignupConflicts.username,
  users_phone_number_key: SignupConflicts.phone,
  users_email_lower_key: SignupConflicts.email,
};

/** A concurrent signup took the value between our check and our insert: the same 409 as the check. */
export function conflictForIndex(index: string): DomainException | undefined {
  return BY_INDEX[index]?.();
}
