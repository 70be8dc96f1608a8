import { ScanBarcode } from 'lucide-react';
import { Navigate, useNavigate } from 'react-router';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { staffLogin } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { ShopContext } from '../components/shop-context';
import { SignInForm } from '../components/sign-in-form';
import { staffIdIdentifier } from '../identifiers';
import { rememberSession } from '../sessions';
import { useKnownShop } from '../use-known-shop';
import { useAuthStore } from '@/stores/auth-store';

/** /shop/staff/login: a staff member signs in with the staff id the admin gave them. */
export function StaffLoginPage() {
  const navigate = useNavigate();
  const knownShop = useKnownShop();
  // Already signed in on this till: straight to the area, whose guard asks the server again.
  const signedIn = useAuthStore((state) => state.staffData !== null);
  if (signedIn) return <Navigate to={paths.staffHome} replace />;
  return (
    <AuthCard
      id="staff-login-title"
      icon={<ScanBarcode />}
      title="Staff Login"
      description="Open the cart, serve customers and take payments."
      context={<ShopContext known={knownShop} role="staff" />}
      footer={<p>Forgot your password? Your shop admin can reset it.</p>}
    >
      <SignInForm
        identifier={staffIdIdentifier}
        signIn={(staffId, password) => staffLogin({ staffId, password })}
        fallbackMessage={messages.loginFailed}
        onSignedIn={(staff) => {
          rememberSession('staff', staff);
          navigate(paths.staffHome);
        }}
      />
    </AuthCard>
  );
}
