import { IsString, MaxLength, MinLength } from 'class-validator';
import { LoginRules } from '../../rules/login.rules';

/** POST /api/login: username or e-mail, and password (docs/product.md#validation-rules). */
export class LoginDto {
  @IsString({ message: LoginRules.username.message })
  @MinLength(LoginRules.username.minLength, { message: LoginRules.username.message })
  @MaxLength(254)
  username: string;

  @IsString({ message: LoginRules.password.message })
  @MinLength(LoginRules.password.minLength, { message: LoginRules.password.message })
  @MaxLength(256)
  password: string;
}
