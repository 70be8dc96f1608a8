import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FormAlert, PasswordField, SubmitButton } from '@/components/form';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { passwordOf } from '../validation';
import { BackLink, nameFromState } from './back-link';
import './management.css';

interface SetPasswordScreenProps {
  title: string;
  /** Whose password, when the screen knows (e.g. from the row that linked here). */
  whose?: string | null;
  /** Said when `whose` is not known, e.g. "this shop". */
  fallbackWhose: string;
  reset: (password: string) => Promise<unknown>;
  back: { to: string; label: string };
}

/**
 * The reset password for a shop, an employee or a staff member: one password field
 * with show/hide, checked with the password rule; "Password reset successfully", then back to
 * the list.
 */
export function SetPasswordScreen({ title, whose, fallbackWhose, reset, back }: SetPasswordScreenProps) {
  const fieldId = useId();
  const navigate = useNavigate();
  const { state } = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const name = whose ?? nameFromState(state);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const invalid = passwordOf(password);
    setFieldError(invalid);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    setFailure('');
    try {
      await reset(password);
      notify.success(messages.passwordReset);
      navigate(back.to);
    } catch (error) {
      const message = errorMessage(error, messages.passwordResetFailed);
      setFailure(message);
      notify.error(message);
      setPending(false);
    }
  }

  return (
    <Screen
      title={title}
      width="narrow"
      back={<BackLink {...back} />}
      description={
        <>
          Choose a new password for {name ? <strong className="management-strong">{name}</strong> : fallbackWhose}. They
          sign in with it from now on.
        </>
      }
    >
      <ScreenPanel className="management-form-panel">
        <form className="management-form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
          <PasswordField
            ref={inputRef}
            id={`${fieldId}-password`}
            name="password"
            label="New password"
            autoComplete="new-password"
            hint="At least 8 characters, including a number."
            value={password}
            onValueChange={(value) => {
              setPassword(value);
              if (fieldError) setFieldError(null);
            }}
            error={fieldError}
            required
            autoFocus
          />
          <FormAlert message={failure} />
          <div className="form-actions">
            <SubmitButton pending={pending} pendingLabel="Saving…" block={false}>
              Reset password
            </SubmitButton>
          </div>
        </form>
      </ScreenPanel>
    </Screen>
  );
}
