import { ShieldCheck } from 'lucide-react';
import { Link, Navigate, useNavigate } from 'react-router';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { adminLogin } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { ShopContext } from '../components/shop-context';
import { SignInForm } from '../components/sign-in-form';
import { mobileIdentifier } from '../identifiers';
import { rememberSession } from '../sessions';
import { useKnownShop } from '../use-known-shop';
import { useAuthStore } from '@/stores/auth-store';

/** /shop/admin/login: the shop administrator signs in with a mobile number. */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const knownShop = useKnownShop();
  // Already signed in on this till: straight to the area, whose guard asks the server again.
  const signedIn = useAuthStore((state) => state.adminData !== null);
  if (signedIn) return <Navigate to={paths.adminHome} replace />;
  return (
    <AuthCard
      id="admin-login-title"
      icon={<ShieldCheck />}
      title="Admin Login"
      description="Manage products, customers, staff and sales."
      context={<ShopContext known={knownShop} role="admin" />}
      footer={<Link to={paths.adminForgotPassword}>Forgot password?</Link>}
    >
      <SignInForm
        identifier={mobileIdentifier}
        signIn={(phoneNumber, password) => adminLogin({ phoneNumber, password })}
        fallbackMessage={messages.loginFailed}
        onSignedIn={(admin) => {
          rememberSession('admin', admin);
          navigate(paths.adminHome);
        }}
      />
    </AuthCard>
  );
}
