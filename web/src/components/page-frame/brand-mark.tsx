import { Store } from 'lucide-react';
import { PRODUCT_NAME } from '../../config/product';

/** The product's mark and name. Deliberately not a link: the Back icon is the way home. */
export function BrandMark() {
  return (
    <span className="brand-mark">
      <span className="brand-mark__logo" aria-hidden="true">
        <Store />
      </span>
      <span className="brand-mark__name">{PRODUCT_NAME}</span>
    </span>
  );
}
