import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormAlert, SubmitButton } from '@/components/form';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import type { Shop } from '@/stores/auth-store';
import { useSelectedShopStore } from '@/stores/selected-shop-store';
import { createShop } from '../api/shops-api';
import { CreatedPanel } from '../components/created-panel';
import { ShopFormFields } from '../components/shop-form-fields';
import { useCreateRequest } from '../use-create-request';
import { useShopsStore } from '../stores/shops-store';
import { useFormFields } from '@/lib/use-form-fields';
import { blankShop, newShopErrors, shopFieldOrder, type ShopField } from '../shop-form';
import { hasErrors, trimmed } from '../validation';
import '../components/management.css';

/**
 * /super/admin/create/shop: shop name, email, phone number, country name, currency
 * code and password. "Shop created successfully", or the server's message (else "Failed to
 * create shop!.").
 */
export function CreateShopPage() {
  const navigate = useNavigate();
  const { values, errors, set, setErrors, idOf, focusFirst, reset } = useFormFields(blankShop);
  const { failure, setFailure, pending, created, setCreated, send } = useCreateRequest<Shop>(
    messages.shopCreated,
    messages.shopCreateFailed,
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = newShopErrors(values);
    setErrors(found);
    if (hasErrors(found)) {
      setFailure('');
      focusFirst(found, shopFieldOrder);
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
          <ShopFormFields field={field} />
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
