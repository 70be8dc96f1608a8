import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_PHONE_HINT, ACCOUNT_PHONE_INPUT_MODE, ACCOUNT_PHONE_MAX_LENGTH } from '@/lib/account-phone';
import { FormAlert, PasswordField, RadioGroup, SelectField, SubmitButton, TextField } from '@/components/form';
import { LoadStatus } from '@/components/data-table';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { paths } from '@/config/paths';
import { roleLabels } from '@/config/roles';
import type { User } from '@/stores/auth-store';
import { useSelectedShopStore } from '@/stores/selected-shop-store';
import { createEmployee, type EmployeeRole } from '../api/employees-api';
import { CreatedPanel } from '../components/created-panel';
import { useCreateRequest } from '../use-create-request';
import { useShopsStore } from '../stores/shops-store';
import { useFormFields } from '@/lib/use-form-fields';
import { emailOf, hasErrors, mobileOf, nameOf, passwordOf, type FieldErrors } from '../validation';
import '../components/management.css';

type EmployeeField = 'userName' | 'email' | 'phoneNumber' | 'shopId' | 'password' | 'confirmPassword';
const order: EmployeeField[] = ['userName', 'email', 'phoneNumber', 'shopId', 'password', 'confirmPassword'];
const blank: Record<EmployeeField, string> = {
  userName: '',
  email: '',
  phoneNumber: '',
  shopId: '',
  password: '',
  confirmPassword: '',
};

const roleOptions: { value: EmployeeRole; label: string; description: string }[] = [
  { value: 'staff', label: 'Staff', description: 'Sells at the till; other work as permitted.' },
  { value: 'admin', label: 'Admin', description: 'Runs the shop: catalogue, customers, staff.' },
];

function check(values: Record<EmployeeField, string>): FieldErrors<EmployeeField> {
  return {
    userName: nameOf(values.userName),
    email: emailOf(values.email),
    phoneNumber: mobileOf(values.phoneNumber),
    shopId: values.shopId ? null : 'Choose the shop.',
    password: passwordOf(values.password),
    confirmPassword: !values.confirmPassword
      ? 'Enter the password again.'
      : values.confirmPassword === values.password
        ? null
        : 'The passwords do not match.',
  };
}

/**
 * /super/admin/create/staff: full name, email, mobile (an account's phone number, so
 * longer than SPEC's 7 characters: see lib/account-phone), shop, password
 * with its confirmation (checked here) and role (staff by default, or admin). "Employee created
 * successfully", and the new staff ID shown large: it is what the person signs in with.
 */
export function CreateEmployeePage() {
  const navigate = useNavigate();
  const shops = useShopsStore((state) => state.shops);
  const shopsStatus = useShopsStore((state) => state.status);
  const loadShops = useShopsStore((state) => state.load);
  const selectedShopId = useSelectedShopStore((state) => state.selectedShopId);
  const { values, errors, set, setErrors, idOf, focusFirst, reset } = useFormFields(blank);
  const roleGroup = useId();
  const [role, setRole] = useState<EmployeeRole>('staff');
  const { failure, setFailure, pending, created, setCreated, send } = useCreateRequest<User>(
    messages.employeeCreated,
    messages.staffCreateFailed,
  );

  useEffect(() => {
    if (useShopsStore.getState().status === 'idle') void loadShops();
  }, [loadShops]);

  // Until a shop is picked here, it is the one chosen in the bar.
  const shopId = values.shopId || (shops.some((shop) => shop._id === selectedShopId) ? selectedShopId : '');

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = check({ ...values, shopId });
    setErrors(found);
    if (hasErrors(found)) {
      setFailure('');
      focusFirst(found, order);
      return;
    }
    const sent = await send(() =>
      createEmployee({
        userName: values.userName.trim(),
        email: values.email.trim(),
        phoneNumber: values.phoneNumber.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        shopId,
        role,
      }),
    );
    if (sent) {
      reset();
      setRole('staff');
    }
  }

  if (created) {
    return (
      <Screen title="Create employee" width="narrow">
        <CreatedPanel
          title={`${created.userName} can sign in now`}
          highlight={created.staffId ? { label: 'Staff ID', value: created.staffId } : undefined}
          facts={[
            ['Role', roleLabels[created.role]],
            ['Shop', created.shopName ?? shops.find((shop) => shop._id === created.shopId)?.shopName],
            ['Mobile', created.phoneNumber],
            ['Email', created.email],
          ]}
        >
          <button type="button" className="button button--secondary" onClick={() => setCreated(null)}>
            Create another employee
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              if (created.shopId) useSelectedShopStore.getState().setSelectedShopId(created.shopId);
              navigate(paths.superAdminEmployees);
            }}
          >
            View employees
          </button>
        </CreatedPanel>
      </Screen>
    );
  }

  const field = (name: EmployeeField) => ({
    id: idOf(name),
    name,
    value: values[name],
    onValueChange: (value: string) => set(name, value),
    error: errors[name],
    required: true,
  });

  const noShops = shopsStatus === 'ready' && shops.length === 0;
  return (
    <Screen title="Create employee" description="An admin or a staff member of one shop." width="narrow">
      <ScreenPanel>
        {noShops ? (
          <LoadStatus
            state={{
              status: 'empty',
              message: (
                <>
                  An employee works in a shop, and there are none yet. <Link to={paths.superAdminCreateShop}>Create a shop</Link> first.
                </>
              ),
            }}
          />
        ) : (
          <form className="management-form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
            <div className="form-grid">
              <TextField {...field('userName')} label="Full name" autoComplete="off" hint="3 to 16 letters or digits" autoFocus />
              <TextField {...field('email')} label="Email" type="email" inputMode="email" autoComplete="off" autoCapitalize="none" spellCheck={false} />
              <TextField {...field('phoneNumber')} label="Mobile" type="tel" inputMode={ACCOUNT_PHONE_INPUT_MODE} autoComplete="off" maxLength={ACCOUNT_PHONE_MAX_LENGTH} hint={ACCOUNT_PHONE_HINT} />
              <SelectField
                {...field('shopId')}
                value={shopId}
                label="Shop"
                placeholder={shopsStatus === 'ready' ? 'Choose a shop' : shopsStatus === 'error' ? 'Shops unavailable' : 'Loading shops…'}
                options={shops.map((shop) => ({ value: shop._id, label: shop.shopName }))}
              />
              <PasswordField {...field('password')} label="Password" autoComplete="new-password" hint="At least 8 characters, including a number." />
              <PasswordField {...field('confirmPassword')} label="Confirm password" autoComplete="new-password" />
              <div className="form-grid__wide">
                <RadioGroup name={roleGroup} legend="Role" value={role} onValueChange={setRole} options={roleOptions} />
              </div>
            </div>
            <FormAlert message={failure} />
            <div className="form-actions">
              <SubmitButton pending={pending} pendingLabel="Creating…" block={false}>
                Create employee
              </SubmitButton>
            </div>
          </form>
        )}
      </ScreenPanel>
    </Screen>
  );
}
