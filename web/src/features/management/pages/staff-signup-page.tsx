import { useEffect, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_PHONE_HINT, ACCOUNT_PHONE_INPUT_MODE, ACCOUNT_PHONE_MAX_LENGTH } from '@/lib/account-phone';
import { FormAlert, PasswordField, SubmitButton, TextField } from '@/components/form';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { paths, pathTo } from '@/config/paths';
import { permissionActions, permissionName, permissionResources, type PermissionResource } from '@/config/permissions';
import { loadBackOfficeCore, validateStaffSignup } from '@/lib/core-back-office';
import { useAuthStore, type User } from '@/stores/auth-store';
import { personKey } from '../api/people';
import { createStaff, type NewStaff } from '../api/staff-api';
import { CreatedPanel } from '../components/created-panel';
import { useCreateRequest } from '../use-create-request';
import { useFormFields } from '@/lib/use-form-fields';
import type { FieldErrors } from '../validation';
import '../components/management.css';

type SignupField = keyof NewStaff;
const order: SignupField[] = ['userName', 'email', 'phoneNumber', 'password'];
const blank: NewStaff = { userName: '', email: '', phoneNumber: '', password: '' };

/** What every new staff member may do; the server grants the three reads (docs/api-identity.md). */
const startingGrants =
  'They can sell from the start, and see the products, categories and customers the till shows; change that under their Permissions.';

const resourceWords: Record<PermissionResource, string> = { product: 'products', category: 'categories', customer: 'customers' };

/** A staff member's grants in words: "Sell; read products, read categories, read customers". */
function grantsInWords(permissions: readonly string[]): string {
  const held = permissionResources.flatMap(({ key }) =>
    permissionActions
      .filter((action) => permissions.includes(permissionName(key, action.key)))
      .map((action) => `${action.label.toLowerCase()} ${resourceWords[key]}`),
  );
  return ['Sell', held.join(', ')].filter(Boolean).join('; ');
}

/**
 * /admin/staff/signup (Add Staff): name, email, mobile and password. The
 * field checks run here with the product's own messages (from the core, the same the server
 * applies) and are shown beside each field, but, as SPEC says, the request is sent regardless: the
 * server's answer ("Signup success!", or its message, else "Failed to signup.") decides.
 */
export function StaffSignupPage() {
  const shopName = useAuthStore((state) => state.adminData?.shopName);
  const { values, errors, set, setErrors, idOf, focusFirst, reset } = useFormFields(blank);
  const { failure, pending, created, setCreated, send } = useCreateRequest<User>(
    messages.staffSignedUp,
    messages.staffSignupFailed,
  );

  // The form's checks are in the back office's module: fetched while the form is filled in.
  useEffect(() => {
    loadBackOfficeCore().catch(() => undefined);
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const body: NewStaff = {
      userName: values.userName.trim(),
      email: values.email.trim(),
      phoneNumber: values.phoneNumber.trim(),
      password: values.password,
    };
    const found: FieldErrors<SignupField> = {};
    try {
      await loadBackOfficeCore();
      for (const { field, message } of validateStaffSignup(body)) found[field as SignupField] ??= message;
    } catch (error) {
      // The server applies the same rules and the request goes regardless: its answer decides.
      console.error('Staff signup checks unavailable', error);
    }
    setErrors(found);
    focusFirst(found, order);
    if (await send(() => createStaff(body))) reset();
  }

  if (created) {
    return (
      <Screen title="Add staff" width="narrow">
        <CreatedPanel
          title={`${created.userName} can sign in now`}
          highlight={created.staffId ? { label: 'Staff ID', value: created.staffId } : undefined}
          facts={[
            ['Mobile', created.phoneNumber],
            ['Email', created.email],
            ['Can', grantsInWords(created.permissions)],
          ]}
        >
          <button type="button" className="button button--secondary" onClick={() => setCreated(null)}>
            Add another
          </button>
          <Link to={pathTo.adminPermissions(personKey(created))} className="button button--secondary">
            Permissions
          </Link>
          <Link to={paths.adminStaffView} className="button button--primary">
            View staff
          </Link>
        </CreatedPanel>
      </Screen>
    );
  }

  const field = (name: SignupField) => ({
    id: idOf(name),
    name,
    value: values[name],
    onValueChange: (value: string) => set(name, value),
    error: errors[name],
    required: true,
  });

  return (
    <Screen
      title="Add staff"
      description={`A new staff member of ${shopName ?? 'your shop'}. They sign in at the till with the staff ID they are given. ${startingGrants}`}
      width="narrow"
    >
      <ScreenPanel>
        <form className="management-form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
          <div className="form-grid">
            <TextField {...field('userName')} label="Name" autoComplete="off" hint="3 to 16 letters or digits" autoFocus />
            <TextField {...field('email')} label="Email" type="email" inputMode="email" autoComplete="off" autoCapitalize="none" spellCheck={false} />
            <TextField {...field('phoneNumber')} label="Mobile" type="tel" inputMode={ACCOUNT_PHONE_INPUT_MODE} autoComplete="off" maxLength={ACCOUNT_PHONE_MAX_LENGTH} hint={ACCOUNT_PHONE_HINT} />
            <PasswordField {...field('password')} label="Password" autoComplete="new-password" hint="At least 8 characters, including a number." />
          </div>
          <FormAlert message={failure} />
          <div className="form-actions">
            <SubmitButton pending={pending} pendingLabel="Adding…" block={false}>
              Add staff
            </SubmitButton>
          </div>
        </form>
      </ScreenPanel>
    </Screen>
  );
}
