import { ScanBarcode, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { paths } from '../../config/paths';
import { PRODUCT_NAME } from '../../config/product';
import { LoginChoice } from '../../components/login-choice';
import { onWelcomePageOpened } from './welcome-session';
import './welcome-page.css';

/** "/": the till's landing page, where the admin or a staff member signs in. */
export function WelcomePage() {
  useEffect(() => {
    onWelcomePageOpened();
  }, []);

  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <div className="welcome__intro">
        <h1 id="welcome-title">Welcome to {PRODUCT_NAME}</h1>
        <p>Choose how you want to sign in to this till.</p>
      </div>
      <div className="welcome__choices">
        <LoginChoice
          id="admin-login"
          to={paths.adminLogin}
          title="Admin Login"
          description="Manage products, customers, staff and sales."
          icon={<ShieldCheck />}
        />
        <LoginChoice
          id="staff-login"
          to={paths.staffLogin}
          title="Staff Login"
          description="Open the cart, serve customers and take payments."
          icon={<ScanBarcode />}
        />
      </div>
    </section>
  );
}
