import { Store } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { shopLogin } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { SignInForm } from '../components/sign-in-form';
import { emailIdentifier } from '../identifiers';
import { rememberSession } from '../sessions';

/** Where the shop's sign-in goes on: the role login that sent it here, else the shop's home. */
export function afterShopSignIn(next: string | null): string {
  if (next === 'admin') return paths.adminLogin;
  if (next === 'staff') return paths.staffLogin;
  return paths.shopHome;
}

/**
 * The shop's sign-in (/shop/login): binds this till to a shop; admins and staff sign in after it. Sent
 * here from a role's login (`?next=staff`), it returns to that login once the shop is in.
 */
export function ShopLoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (
    <AuthCard
      id="shop-login-title"
      icon={<Store />}
      title="Shop Login"
      description="Sign this till in to your shop with the shop's email and password."
    >
      <SignInForm
        identifier={emailIdentifier}
        signIn={(email, password) => shopLogin({ email, password })}
        fallbackMessage={messages.loginFailed}
        onSignedIn={(shop) => {
          rememberSession('shop', shop);
          navigate(afterShopSignIn(search.get('next')));
        }}
      />
    </AuthCard>
  );
}
