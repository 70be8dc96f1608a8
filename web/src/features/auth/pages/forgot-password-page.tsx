import { KeyRound, MailCheck } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert, SubmitButton, TextField } from '@/components/form';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { validateField } from '@/lib/core';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { sendResetLink, type ResetRole } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

const loginOf: Record<ResetRole, string> = { admin: paths.adminLogin, 'super-admin': paths.superAdminLogin };
const accountOf: Record<ResetRole, string> = { admin: 'shop admin', 'super-admin': 'super admin' };

/**
 * /shop/admin/reset/password/send/mail (role admin) and
 * /super/admin/reset/password/send/mail (role super-admin). One email field; after the server
 * accepts it, "Mail Sent!".
 */
export function ForgotPasswordPage({ role }: { role: ResetRole }) {
  const fieldId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const address = email.trim();
    const invalid = address ? (validateField({ field: 'email', value: address })[0]?.message ?? null) : 'Enter the email address.';
    setFieldError(invalid);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    setFailure('');
    try {
      await sendResetLink({ email: address, role });
      notify.success(messages.emailSent);
      setSentTo(address);
    } catch (error) {
      const message = errorMessage(error, messages.emailFailed);
      setFailure(message);
      notify.error(message);
    } finally {
      setPending(false);
    }
  }

  const backToLogin = <Link to={loginOf[role]}>Back to login</Link>;

  if (sentTo) {
    return (
      <AuthCard id="forgot-password-title" icon={<MailCheck />} title="Mail Sent!" footer={backToLogin}>
        <p className="auth-card__message" role="status">
          A link to choose a new password is on its way to <strong>{sentTo}</strong>. Open it and follow the steps.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      id="forgot-password-title"
      icon={<KeyRound />}
      title="Forgot password?"
      description={`Enter the email address of your ${accountOf[role]} account and we will send you a link to choose a new password.`}
      footer={backToLogin}
    >
      <form className="auth-form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
        <TextField
          ref={inputRef}
          id={`${fieldId}-email`}
          name="email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError}
          required
          autoFocus
        />
        <FormAlert message={failure} />
        <SubmitButton pending={pending} pendingLabel="Sending…">
          Send reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
