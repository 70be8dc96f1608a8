import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_PHONE_HINT, ACCOUNT_PHONE_INPUT_MODE, ACCOUNT_PHONE_MAX_LENGTH } from '../../../lib/account-phone';
import { FormAlert, PasswordField, SubmitButton, TextField } from '../../../components/form';
import { Screen, ScreenPanel } from '../../../components/screen';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import type { Shop } from '../../../stores/auth-store';
import { useSelectedShopStore } from '../../../stores/selected-shop-store';
import { createShop, type NewShop } from '../api/shops-api';
import { CreatedPanel } from '../components/created-panel';
import { useCreateRequest } from '../use-create-request';
import { useShopsStore } from '../stores/shops-store';
import { useFormFields } from '../../../lib/use-form-fields';
import { currencyOf, emailOf, hasErrors, mobileOf, passwordOf, required, trimmed, type FieldErrors } from '../validation';
import '../components/management.css';

type ShopField = keyof NewShop;
const order: ShopField[] = ['shopName', 'email', 'phoneNumber', 'countryName', 'currencyCode', 'password'];
const blank: NewShop = { shopName: '', email: '', phoneNumber: '', countryName: '', currencyCode: '', password: '' };

function check(values: NewShop): FieldErrors<ShopField> {
  return {
    shopName: required(values.shopName, 'Enter the shop name.'),
    email: emailOf(values.email),
    phoneNumber: mobileOf(values.phoneNumber),
    countryName: required(values.countryName, 'Enter the country name.'),
    currencyCode: currencyOf(values.currencyCode),
    password: passwordOf(values.password),
  };
}

/**
 * SPEC part 2, /super/admin/create/shop: shop name, email, phone number, country name, currency
 * code and password. "Shop created successfully", or the server's message (else "Failed to
 * create shop!.").
 */
export function CreateShopPage() {
  const navigate = useNavigate();
  const { values, errors, set, setErrors, idOf, focusFirst, reset } = useFormFields(blank);
  const { failure, setFailure, pending, created, setCreated, send } = useCreateRequest<Shop>(
    messages.shopCreated,
    messages.shopCreateFailed,
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = check(values);
    setErrors(found);
    if (hasErrors(found)) {
      setFailure('');
      focusFirst(found, order);
      return;
    }
    const sent = await send(async () => {
      const shop = await createShop({ ...trimmed(values), password: values.password });
      useShopsStore.getState().upsert(shop);
      return shop;
    });
    if (sent) reset();
  }

  if (created) {
    return (
      <Screen title="Create shop" width="narrow">
        <CreatedPanel
          title={`${created.shopName} is ready`}
          facts={[
            ['Email', created.email],
            ['Phone', created.phoneNumber],
            ['Country', created.countryName],
            ['Currency', created.currencyCode],
          ]}
        >
          <button type="button" className="button button--secondary" onClick={() => setCreated(null)}>
            Create another shop
          </button>
          <Link to={paths.superAdminShops} className="button button--secondary">
            View shops
          </Link>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              useSelectedShopStore.getState().setSelectedShopId(created._id);
              navigate(paths.superAdminCreateEmployee);
            }}
          >
            Add its first employee
          </button>
        </CreatedPanel>
      </Screen>
    );
  }

  const field = (name: ShopField) => ({
    id: idOf(name),
    name,
    value: values[name],
    onValueChange: (value: string) => set(name, value),
    error: errors[name],
    required: true,
  });

  return (
    <Screen title="Create shop" description="A new shop, with the email and password its till signs in with." width="narrow">
      <ScreenPanel>
        <form className="management-form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
          <div className="form-grid">
            <TextField {...field('shopName')} label="Shop name" autoComplete="organization" autoCapitalize="words" autoFocus />
            <TextField {...field('email')} label="Email" type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} />
            <TextField {...field('phoneNumber')} label="Phone number" type="tel" inputMode={ACCOUNT_PHONE_INPUT_MODE} autoComplete="tel" maxLength={ACCOUNT_PHONE_MAX_LENGTH} hint={ACCOUNT_PHONE_HINT} />
            <TextField {...field('countryName')} label="Country name" autoComplete="country-name" autoCapitalize="words" />
            <TextField
              {...field('currencyCode')}
              onValueChange={(value) => set('currencyCode', value.toUpperCase())}
              label="Currency code"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={3}
              hint="3 letters, like MVR"
            />
            <PasswordField {...field('password')} label="Password" autoComplete="new-password" hint="At least 8 characters, including a number." />
          </div>
          <FormAlert message={failure} />
          <div className="form-actions">
            <SubmitButton pending={pending} pendingLabel="Creating…" block={false}>
              Create shop
            </SubmitButton>
          </div>
        </form>
      </ScreenPanel>
    </Screen>
  );
}
