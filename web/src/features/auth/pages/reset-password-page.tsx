import { LockKeyhole } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert, PasswordField, SubmitButton } from '@/components/form';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { validateField } from '@/lib/core';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { resetPassword, type ResetRole } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';

const loginOf: Record<ResetRole, string> = { admin: paths.adminLogin, 'super-admin': paths.superAdminLogin };
const accountOf: Record<ResetRole, string> = { admin: 'shop admin', 'super-admin': 'super admin' };

/**
 * /shop/admin/reset/password/{token} and /super/admin/reset/password/{token}, the
 * page the e-mailed link opens. One password field with show/hide; on success "Password reset
 * successfully" and the matching login.
 */
export function ResetPasswordPage({ role }: { role: ResetRole }) {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const fieldId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    // The password rule, from the core: the same sentence the server would answer.
    const invalid = validateField({ field: 'password', value: password })[0]?.message ?? null;
    setFieldError(invalid);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    setFailure('');
    try {
      await resetPassword(token, { password });
      notify.success(messages.passwordReset);
      navigate(loginOf[role], { replace: true });
    } catch (error) {
      const message = errorMessage(error, messages.passwordResetFailed);
      setFailure(message);
      notify.error(message);
      setPending(false);
    }
  }

  return (
    <AuthCard
      id="reset-password-title"
      icon={<LockKeyhole />}
      title="Choose a new password"
      description={`Enter a new password for your ${accountOf[role]} account.`}
      footer={<Link to={loginOf[role]}>Back to login</Link>}
    >
      <form className="auth-form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
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
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Reset password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
