import { CircleCheck, Info } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Screen, ScreenPanel } from '@/components/screen';
import { useFormFields } from '@/lib/use-form-fields';
import type { NewShop } from '../api/shops-api';
import { ShopFormFields } from '../components/shop-form-fields';
import { blankShop, newShopErrors, shopFieldOrder, type ShopField } from '../shop-form';
import { hasErrors, trimmed } from '../validation';
import '../components/management.css';

/**
 * /admin/shop/signup: "A shop signup form exists and is wired to no call." Only the
 * super admin creates shops (POST /super-admin/shops needs its session), so a shop admin's form
 * can do no more than check a new shop's details with the rules Create shop applies. It sends
 * nothing, and says so before and after, with who to ask.
 */
export function ShopSignupPage() {
  const { values, errors, set, setErrors, idOf, focusFirst } = useFormFields(blankShop);
  const [checked, setChecked] = useState<Omit<NewShop, 'password'> | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = newShopErrors(values);
    setErrors(found);
    if (hasErrors(found)) {
      setChecked(null);
      focusFirst(found, shopFieldOrder);
      return;
    }
    const { shopName, email, phoneNumber, countryName, currencyCode } = trimmed(values);
    setChecked({ shopName, email, phoneNumber, countryName, currencyCode });
  }

  const field = (name: ShopField) => ({
    id: idOf(name),
    name,
    value: values[name],
    onValueChange: (value: string) => {
      set(name, value);
      setChecked(null);
    },
    error: errors[name],
    required: true,
  });

  return (
    <Screen title="Shop signup" description="Check a new shop's details. This form creates no shop and sends nothing." width="narrow">
      <ScreenPanel>
        <div className="management-notice" role="note">
          <Info className="management-notice__icon" aria-hidden="true" />
          <p>
            <strong>This form does not create a shop.</strong> Only the super admin creates shops, from Create shop in the
            super admin area. Check the details here, then ask your super admin (whoever set up this shop&apos;s sign-in) to
            create the shop with them. Nothing typed here leaves this screen.
          </p>
        </div>
        <form className="management-form" onSubmit={handleSubmit} noValidate aria-label="Shop signup (sends nothing)">
          <ShopFormFields field={field} />
          <div className="management-checked" role="status">
            {checked && (
              <>
                <CircleCheck className="management-checked__icon" aria-hidden="true" />
                <p>
                  <strong>{checked.shopName}: the details are complete and valid.</strong> Nothing was sent and no shop was
                  created. Give the super admin the name, email ({checked.email}), phone number ({checked.phoneNumber}),
                  country ({checked.countryName}) and currency ({checked.currencyCode}); the password stays with you.
                </p>
              </>
            )}
          </div>
          <div className="form-actions">
            <button type="submit" className="button button--primary">
              Check details
            </button>
          </div>
        </form>
      </ScreenPanel>
    </Screen>
  );
}
