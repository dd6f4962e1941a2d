import { Messages, validateLogin } from '@copytrade/contracts/rules';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FormFooterLink, SubmitButton } from '@/components/ui/form';
import { EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { isApiError, isNetworkError } from '@/lib/api-client';
import { useLogin } from '@/lib/auth';

export const LOGIN_FAILED = 'Login failed. Please try again.';
/** A 200 answer that is not a success and carries no message (docs/product.md#error-messages). */
export const LOGIN_REFUSED = 'Login failed';
export const NETWORK_ERROR = 'Network error occurred';
export const UNEXPECTED_ERROR = 'An unexpected error occurred.';

/** Login (docs/product.md#error-messages): what to show for a refused or failed sign-in. */
export function loginErrorMessage(error: unknown): string {
  if (isNetworkError(error)) return NETWORK_ERROR;
  if (isApiError(error)) {
    if (error.status === 429) return error.serverMessage ?? Messages.tooManyLoginAttempts;
    if (error.code === 'LOGIN_REFUSED') return error.serverMessage ?? LOGIN_REFUSED;
    return error.serverMessage ?? LOGIN_FAILED;
  }
  return UNEXPECTED_ERROR;
}

/** Username-or-email and password, validated with the shared login rules before anything is sent. */
export function LoginForm({ defaultUsername = '', onSuccess }: { defaultUsername?: string; onSuccess: () => void }) {
  const id = useId();
  const [username, setUsername] = useState(defaultUsername);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const credentials = { username: username.trim(), password };
    const invalid = validateLogin(credentials);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    login.mutate(credentials, {
      onSuccess,
      onError: (failure) => setError(loginErrorMessage(failure)),
    });
  };

  const errorId = `${id}-error`;
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-describedby={error ? errorId : undefined}>
      <div className="field">
        <label htmlFor={`${id}-username`} className="field__label">
          Username or Email
        </label>
        <input
          id={`${id}-username`}
          name="username"
          type="text"
          className="input"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </div>

      <div className="field">
        <label htmlFor={`${id}-password`} className="field__label">
          Password
        </label>
        <div className="input-group">
          <input
            id={`${id}-password`}
            name="password"
            type={showPassword ? 'text' : 'password'}
            className="input"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button
            type="button"
            className="input-group__button"
            aria-label={showPassword ? 'Hide password' : 'Show password'}
            aria-controls={`${id}-password`}
            onClick={() => setShowPassword((value) => !value)}
          >
            {showPassword ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
        {/* After the password in the DOM, so Tab goes username → password before it. */}
        <Link to={paths.auth.forgotPassword.getHref()} className="text-link small field__aside">
          Forgot password?
        </Link>
      </div>

      {error ? (
        <p id={errorId} role="alert" className="form__error">
          {error}
        </p>
      ) : null}

      <SubmitButton pending={login.isPending} pendingText="Signing In...">
        Sign In
      </SubmitButton>

      <FormFooterLink prompt="No account yet?" to={paths.requestBeta.getHref()}>
        Request beta access
      </FormFooterLink>
    </form>
  );
}
