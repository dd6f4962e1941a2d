import {
  ANNUAL_INCOME_OPTIONS,
  PasswordRules,
  SIGNUP_FIELDS,
  SignupMessages,
  isPhoneCheckable,
  isUsernameCheckable,
  validateSignupSubmission,
  type SignupField,
  type SignupForm as SignupFormValues,
} from '@copytrade/contracts/rules';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { FormFooterLink, SubmitButton } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Field, FieldHint, Label, type FieldHintTone } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { checkPhoneQueryOptions, phoneAvailabilityMessages } from '../api/check-phone';
import { checkUsernameQueryOptions, usernameAvailabilityMessages } from '../api/check-username';
import { signupErrorMessage, useFinalSignup } from '../api/final-signup';
import { useAvailabilityCheck, type Availability } from '../hooks/use-availability-check';
import { PasswordChecklist } from './password-checklist';

const INCOME_OPTIONS = ANNUAL_INCOME_OPTIONS.map((option) => ({ value: option, label: option }));

const toneOf = (availability: Availability): FieldHintTone =>
  availability.state === 'available' ? 'success' : availability.state === 'checking' ? 'muted' : 'error';

/**
 * The final signup form (docs/product.md#signup): nine fields, the e-mail read-only from the query, a live
 * password checklist, live username and phone availability, and the submit checks in their documented order.
 * On success the user is signed in (the session holds them) and `onSuccess` runs.
 */
export function SignupForm({ email, onSuccess }: { email: string; onSuccess: () => void }) {
  const id = useId();
  const [values, setValues] = useState<SignupFormValues>({
    firstName: '',
    lastName: '',
    email,
    username: '',
    password: '',
    confirmPassword: '',
    phoneNumber: '',
    occupation: '',
    annualIncome: '',
  });
  const [error, setError] = useState<string | null>(null);
  const signup = useFinalSignup();

  const username = useAvailabilityCheck({
    value: values.username,
    isCheckable: isUsernameCheckable,
    queryOptions: checkUsernameQueryOptions,
    messages: usernameAvailabilityMessages,
  });
  const phone = useAvailabilityCheck({
    value: values.phoneNumber,
    isCheckable: isPhoneCheckable,
    queryOptions: checkPhoneQueryOptions,
    messages: phoneAvailabilityMessages,
  });

  const set = (field: SignupField) => (event: { target: { value: string } }) => setValue(field, event.target.value);
  const setValue = (field: SignupField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // 'Please fill in all required fields.' goes as soon as every field is filled, not at the next submit.
    // Other messages wait for the next submit.
    if (error === SignupMessages.fillAllFields && SIGNUP_FIELDS.every((name) => next[name].trim() !== ''))
      setError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signup.isPending) return;
    const form: SignupFormValues = {
      ...values,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      username: values.username.trim(),
      phoneNumber: values.phoneNumber.trim(),
      occupation: values.occupation.trim(),
    };
    const blocked = validateSignupSubmission(form, { username: username.state, phone: phone.state });
    if (blocked) {
      setError(blocked);
      return;
    }
    setError(null);
    signup.mutate(form, { onSuccess, onError: (failure) => setError(signupErrorMessage(failure)) });
  };

  const mismatch = values.confirmPassword !== '' && values.password !== values.confirmPassword;
  const ids = {
    usernameHint: `${id}-username-hint`,
    phoneHint: `${id}-phone-hint`,
    checklist: `${id}-password-rules`,
    mismatch: `${id}-mismatch`,
    error: `${id}-error`,
  };

  const textField = (
    field: SignupField,
    label: string,
    props: { autoComplete?: string; type?: string; hint?: ReactNode; hintId?: string; inputMode?: 'tel' } = {},
  ) => (
    <Field>
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Input
        id={`${id}-${field}`}
        name={field}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        required
        aria-describedby={props.hint ? props.hintId : undefined}
        value={values[field]}
        onChange={set(field)}
      />
      {props.hint}
    </Field>
  );

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-describedby={error ? ids.error : undefined}>
      <div className="form__row">
        {textField('firstName', 'First Name', { autoComplete: 'given-name' })}
        {textField('lastName', 'Last Name', { autoComplete: 'family-name' })}
      </div>
      <div className="form__row">
        {textField('phoneNumber', 'Phone Number', {
          type: 'tel',
          autoComplete: 'tel',
          inputMode: 'tel',
          hintId: ids.phoneHint,
          hint: phone.message ? (
            <FieldHint id={ids.phoneHint} tone={toneOf(phone)} live>
              {phone.message}
            </FieldHint>
          ) : null,
        })}
        {textField('occupation', 'Occupation', { autoComplete: 'organization-title' })}
      </div>
      <Field>
        <Label htmlFor={`${id}-annualIncome`}>Annual Income</Label>
        <Select
          id={`${id}-annualIncome`}
          name="annualIncome"
          required
          placeholder="Select your annual income"
          options={INCOME_OPTIONS}
          value={values.annualIncome}
          onValueChange={(value) => setValue('annualIncome', value)}
        />
      </Field>
      {textField('username', 'Username', {
        autoComplete: 'username',
        hintId: ids.usernameHint,
        hint: username.message ? (
          <FieldHint id={ids.usernameHint} tone={toneOf(username)} live>
            {username.message}
          </FieldHint>
        ) : null,
      })}
      <Field>
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input id={`${id}-email`} name="email" type="email" value={values.email} disabled readOnly />
      </Field>
      <Field>
        <Label htmlFor={`${id}-password`}>Password</Label>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          autoComplete="new-password"
          required
          aria-describedby={ids.checklist}
          value={values.password}
          onChange={set('password')}
        />
        <PasswordChecklist id={ids.checklist} password={values.password} />
      </Field>
      <Field>
        <Label htmlFor={`${id}-confirmPassword`}>Confirm Password</Label>
        <PasswordInput
          id={`${id}-confirmPassword`}
          name="confirmPassword"
          toggleLabel="confirm password"
          autoComplete="new-password"
          required
          aria-invalid={mismatch || undefined}
          aria-describedby={mismatch ? ids.mismatch : undefined}
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
        />
        {mismatch ? (
          <FieldHint id={ids.mismatch} tone="error">
            {PasswordRules.mismatchMessage}
          </FieldHint>
        ) : null}
      </Field>

      {error ? (
        <Alert id={ids.error} variant="error">
          {error}
        </Alert>
      ) : null}

      <SubmitButton pending={signup.isPending} pendingText="Creating Account...">
        Create Account
      </SubmitButton>

      <FormFooterLink prompt="Already have an account?" to={paths.auth.login.getHref()}>
        Sign in
      </FormFooterLink>
    </form>
  );
}
