import { ArrowLeft, CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert, SubmitButton, TextField } from '@/components/form';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { createCustomer, type Customer, type CustomerFields } from '../api/customers-api';
import { useTillData } from '@/features/sales';
import { useOnlineStatus } from '@/features/offline';
import { addCustomer } from '../add-customer';
import { customerPaths } from '../shop-area';
import { useShopSession, type ShopSession } from '@/features/auth';
import { customerErrors, hasErrors, PHONE_NUMBER_LENGTH, prefilledPhone, trimmedCustomer, type CustomerErrors } from '../validation';
import '../components/customers.css';

const order: (keyof CustomerFields)[] = ['customerName', 'phoneNumber', 'email'];

/**
 * /admin/customer/add and /staff/customer/add: name, phone number (7 digits, a
 * numeric keypad) and an optional email. `?phone=` prefills the phone number: the cart
 * opens this form when its lookup finds no one. Mistakes the core can see are shown beside the
 * fields and nothing is sent; the server's refusal (e.g. a phone number already in the shop) is
 * shown above the button and as a toast. With no network, the till adds the customer locally and
 * sends it when it can (add-customer.ts), so a new customer can buy offline. Opened from the
 * till (`?returnTo=`), it goes back to the till once the customer is added, where their sale
 * starts (the cart screen reads `saleFor` from the navigation's state), and offers the way back.
 */
export function AddCustomerPage() {
  const session = useShopSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const phone = prefilledPhone(params.get('phone'));
  const returnTo = customerPaths.returnTo(params.get('returnTo'));
  const [added, setAdded] = useState<Customer | null>(null);

  function onAdded(customer: Customer) {
    if (!returnTo) return setAdded(customer);
    const { _id, customerName, phoneNumber, loyalityPoint } = customer;
    navigate(returnTo, { state: { saleFor: { _id, customerName, phoneNumber, loyalityPoint } } });
  }

  return (
    <Screen
      title="Add customer"
      description="A customer collects loyalty points on every sale."
      width="narrow"
      back={
        returnTo && (
          <Link to={returnTo}>
            <ArrowLeft aria-hidden="true" />
            Back to the sale
          </Link>
        )
      }
    >
      {added ? (
        <CustomerAdded customer={added} session={session} onAddAnother={() => setAdded(null)} />
      ) : (
        // A new ?phone= (the cart sent another number) starts a fresh form.
        <AddCustomerForm key={phone} initialPhone={phone} onAdded={onAdded} />
      )}
    </Screen>
  );
}

function AddCustomerForm({ initialPhone, onAdded }: { initialPhone: string; onAdded: (customer: Customer) => void }) {
  const formId = useId();
  const [values, setValues] = useState<CustomerFields>({ customerName: '', phoneNumber: initialPhone, email: '' });
  const [errors, setErrors] = useState<CustomerErrors>({});
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const till = useTillData();
  const online = useOnlineStatus();
  const idOf = (name: keyof CustomerFields) => `${formId}-${name}`;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = customerErrors(values);
    setErrors(found);
    setFailure('');
    if (hasErrors(found)) {
      const first = order.find((name) => found[name]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setPending(true);
    try {
      const customer = await addCustomer(trimmedCustomer(values), till, online, createCustomer);
      notify.success(messages.customerAdded);
      onAdded(customer);
    } catch (error) {
      const message = errorMessage(error, messages.customerAddFailed);
      setFailure(message);
      notify.error(message);
      setPending(false);
    }
  }

  const field = (name: keyof CustomerFields) => ({
    id: idOf(name),
    name,
    value: values[name],
    onValueChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => (current[name] ? { ...current, [name]: null } : current));
    },
    error: errors[name],
  });

  return (
    <ScreenPanel>
      <form className="customer-form" onSubmit={handleSubmit} noValidate aria-busy={pending}>
        <div className="form-grid">
          <TextField {...field('customerName')} label="Customer name" autoComplete="off" autoCapitalize="words" required autoFocus />
          <TextField
            {...field('phoneNumber')}
            label="Phone number"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            maxLength={PHONE_NUMBER_LENGTH}
            hint="7 digits"
            required
          />
          <TextField
            {...field('email')}
            className="form-grid__wide"
            label="Email (optional)"
            type="email"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        </div>
        <FormAlert message={failure} />
        <div className="form-actions">
          <SubmitButton pending={pending} pendingLabel="Adding…" block={false}>
            Add customer
          </SubmitButton>
        </div>
      </form>
    </ScreenPanel>
  );
}

function CustomerAdded({ customer, session, onAddAnother }: { customer: Customer; session: ShopSession; onAddAnother: () => void }) {
  return (
    <ScreenPanel>
      <div className="customer-added" role="status">
        <CircleCheck aria-hidden="true" />
        <h2>{customer.customerName} was added</h2>
      </div>
      <dl className="customer-details">
        <div className="customer-details__item">
          <dt>Phone number</dt>
          <dd>{customer.phoneNumber}</dd>
        </div>
        {customer.email && (
          <div className="customer-details__item">
            <dt>Email</dt>
            <dd>{customer.email}</dd>
          </div>
        )}
      </dl>
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onAddAnother}>
          Add another
        </button>
        {session.can('customer_read') && (
          <Link to={customerPaths.list(session.area)} className="button button--primary">
            View customers
          </Link>
        )}
      </div>
    </ScreenPanel>
  );
}
