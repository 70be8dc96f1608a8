import { COPYRIGHT_YEAR, PRODUCT_NAME } from '../../config/product';
import './site-footer.css';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <p>
        © {COPYRIGHT_YEAR} {PRODUCT_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
