import { PasswordField, TextField } from '@/components/form';
import { ACCOUNT_PHONE_HINT, ACCOUNT_PHONE_INPUT_MODE, ACCOUNT_PHONE_MAX_LENGTH } from '@/lib/account-phone';
import type { ShopField } from '../shop-form';

/** What each input needs from the form that holds it. */
export interface ShopFieldProps {
  id: string;
  name: ShopField;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null;
  required: boolean;
}

/** The six inputs of a new shop, in SPEC's order; the currency code is typed in capitals. */
export function ShopFormFields({ field }: { field: (name: ShopField) => ShopFieldProps }) {
  const currency = field('currencyCode');
  return (
    <div className="form-grid">
      <TextField {...field('shopName')} label="Shop name" autoComplete="organization" autoCapitalize="words" autoFocus />
      <TextField {...field('email')} label="Email" type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} />
      <TextField
        {...field('phoneNumber')}
        label="Phone number"
        type="tel"
        inputMode={ACCOUNT_PHONE_INPUT_MODE}
        autoComplete="tel"
        maxLength={ACCOUNT_PHONE_MAX_LENGTH}
        hint={ACCOUNT_PHONE_HINT}
      />
      <TextField {...field('countryName')} label="Country name" autoComplete="country-name" autoCapitalize="words" />
      <TextField
        {...currency}
        onValueChange={(value) => currency.onValueChange(value.toUpperCase())}
        label="Currency code"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={3}
        hint="3 letters, like MVR"
      />
      <PasswordField {...field('password')} label="Password" autoComplete="new-password" hint="At least 8 characters, including a number." />
    </div>
  );
}
