import { ShieldCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { adminLogin } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { ShopContext } from '../components/shop-context';
import { SignInForm } from '../components/sign-in-form';
import { mobileIdentifier } from '../identifiers';
import { rememberSession } from '../sessions';
import { useKnownShop } from '../use-known-shop';

/** SPEC part 2, /shop/admin/login: the shop administrator signs in with a mobile number. */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const knownShop = useKnownShop();
  return (
    <AuthCard
      id="admin-login-title"
      icon={<ShieldCheck />}
      title="Admin Login"
      description="Manage products, customers, staff and sales."
      context={<ShopContext known={knownShop} />}
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
