import { Store } from 'lucide-react';
import { useNavigate } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { shopLogin } from '../api/auth-api';
import { AuthCard } from '../components/auth-card';
import { SignInForm } from '../components/sign-in-form';
import { emailIdentifier } from '../identifiers';
import { rememberSession } from '../sessions';

/** SPEC part 2, /shop/login: binds this till to a shop; admins and staff sign in after it. */
export function ShopLoginPage() {
  const navigate = useNavigate();
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
          navigate(paths.shopHome);
        }}
      />
    </AuthCard>
  );
}
