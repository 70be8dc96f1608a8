import { useId, useRef, useState, type FormEvent, type HTMLAttributes } from 'react';
import { FormAlert, PasswordField, SubmitButton, TextField } from '@/components/form';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { messages } from '@/config/messages';

export interface IdentifierField {
  label: string;
  type: 'email' | 'text';
  inputMode: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete: string;
  maxLength?: number;
  placeholder?: string;
  hint?: string;
  autoCapitalize?: string;
  /** The message for a value that cannot be right (the core's checks), or null. */
  validate: (value: string) => string | null;
  /** What is sent: e.g. trimmed, upper-cased. */
  normalise: (value: string) => string;
}

interface SignInFormProps<T> {
  identifier: IdentifierField;
  /** Sends the sign-in; resolves with the session data. */
  signIn: (identifier: string, password: string) => Promise<T>;
  /** The default failure text for this login. */
  fallbackMessage: string;
  onSignedIn: (data: T) => void;
  onFailed?: () => void;
  submitLabel?: string;
}

/**
 * An identifier and a password, checked before sending (so a typo does not spend one of the
 * server's limited sign-in attempts), then the login: "Login success" or the server's message.
 */
export function SignInForm<T>({
  identifier,
  signIn,
  fallbackMessage,
  onSignedIn,
  onFailed,
  submitLabel = 'Sign in',
}: SignInFormProps<T>) {
  const formId = useId();
  const identifierRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [identifierValue, setIdentifierValue] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ identifier?: string | null; password?: string | null }>({});
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const identifierError = identifier.validate(identifierValue);
    const passwordError = password ? null : 'Enter your password.';
    setErrors({ identifier: identifierError, password: passwordError });
    if (identifierError || passwordError) {
      setFailure('');
      (identifierError ? identifierRef : passwordRef).current?.focus();
      return;
    }
    setPending(true);
    setFailure('');
    try {
      const data = await signIn(identifier.normalise(identifierValue), password);
      notify.success(messages.loginSuccess);
      onSignedIn(data);
    } catch (error) {
      const message = errorMessage(error, fallbackMessage);
      setFailure(message);
      notify.error(message);
      onFailed?.();
      setPending(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
      <TextField
        ref={identifierRef}
        id={`${formId}-identifier`}
        name="identifier"
        label={identifier.label}
        type={identifier.type}
        inputMode={identifier.inputMode}
        autoComplete={identifier.autoComplete}
        autoCapitalize={identifier.autoCapitalize ?? 'none'}
        autoCorrect="off"
        spellCheck={false}
        maxLength={identifier.maxLength}
        placeholder={identifier.placeholder}
        hint={identifier.hint}
        value={identifierValue}
        onValueChange={(value) => {
          setIdentifierValue(value);
          if (errors.identifier) setErrors((current) => ({ ...current, identifier: null }));
        }}
        error={errors.identifier}
        required
        autoFocus
      />
      <PasswordField
        ref={passwordRef}
        id={`${formId}-password`}
        name="password"
        label="Password"
        autoComplete="current-password"
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          if (errors.password) setErrors((current) => ({ ...current, password: null }));
        }}
        error={errors.password}
        required
      />
      <FormAlert message={failure} />
      <SubmitButton pending={pending} pendingLabel="Signing in…">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
