import { ShieldUser } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { superAdminLogin } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { SignInForm } from '../components/sign-in-form';
import { mobileIdentifier } from '../identifiers';
import { forgetSession, rememberSession } from '../sessions';

/** /super/admin/login: mobile and password, with a forgot-password link. */
export function SuperAdminLoginPage() {
  const navigate = useNavigate();
  return (
    <AuthCard
      id="super-admin-login-title"
      icon={<ShieldUser />}
      title="Super Admin Login"
      description="Manage shops and employees across every shop."
      footer={<Link to={paths.superAdminForgotPassword}>Forgot password?</Link>}
    >
      <SignInForm
        identifier={mobileIdentifier}
        signIn={(phoneNumber, password) => superAdminLogin({ phoneNumber, password })}
        fallbackMessage={messages.superAdminLoginFailed}
        onSignedIn={(superAdmin) => {
          rememberSession('super-admin', superAdmin);
          navigate(paths.superAdminHome);
        }}
        // A failed super admin login also clears its session.
        onFailed={() => forgetSession('super-admin')}
      />
    </AuthCard>
  );
}
