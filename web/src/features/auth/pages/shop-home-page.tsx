import { ScanBarcode, ShieldCheck } from 'lucide-react';
import { LoginChoice } from '@/components/login-choice';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/stores/auth-store';
import '../auth.css';

/** /shop: the shop's home after its sign-in, where the admin or a staff member signs in. */
export function ShopHomePage() {
  const shop = useAuthStore((state) => state.shopData);
  const details = [shop?.email, shop?.countryName, shop?.currencyCode].filter(Boolean).join(' · ');
  return (
    <section className="shop-home" aria-labelledby="shop-home-title">
      <div className="shop-home__intro">
        <p className="shop-home__eyebrow">This till is signed in to</p>
        <h1 id="shop-home-title">{shop?.shopName}</h1>
        {details && <p className="shop-home__details">{details}</p>}
      </div>
      <div className="shop-home__choices">
        <LoginChoice
          id="shop-admin-login"
          to={paths.adminLogin}
          title="Admin Login"
          description="Manage products, customers, staff and sales."
          icon={<ShieldCheck />}
        />
        <LoginChoice
          id="shop-staff-login"
          to={paths.staffLogin}
          title="Staff Login"
          description="Open the cart, serve customers and take payments."
          icon={<ScanBarcode />}
        />
      </div>
    </section>
  );
}
