import { UserSearch } from 'lucide-react';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../config/messages';
import { notify } from '../../../lib/notify';
import { customerPaths } from '../../customers';
import { customerByPhone } from '../local/local-views';
import { refusalMessage, TillRefusal, type TillData } from '../local/till-data';
import type { InvoiceCustomer } from '../types';
import { tillPaths, type TillArea } from './till-session';

/** SPEC part 9: customer mobile inputs take at most 7 characters; the lookup fires at exactly 7. */
export const PHONE_LENGTH = 7;

interface CustomerLookupProps {
  ref?: Ref<HTMLInputElement>;
  area: TillArea;
  data: TillData | null;
  /** Makes the customer's cart (throws when it cannot). */
  onCustomer: (customer: InvoiceCustomer) => Promise<void>;
}

/**
 * SPEC part 5's customer lookup, the first step of a sale: when the phone number reaches
 * exactly 7 characters (or on Enter at 7) the shop's customer with that number is looked up in
 * the local customers table (offline too); found, their cart is created ("Invoice created");
 * not found, Add New Customer opens with the number filled in, and comes back to the till with
 * the new customer's sale started.
 */
export function CustomerLookup({ ref, area, data, onCustomer }: CustomerLookupProps) {
  const id = useId();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [pending, setPending] = useState(false);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  async function lookUp(phoneNumber: string) {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setPending(true);
    try {
      if (!data) throw new TillRefusal('The till is still opening: try again in a moment');
      let customer = await customerByPhone(data.db, phoneNumber);
      // Not here yet: a till whose first pull is still running, or a customer added on another
      // till since the last pull. Online, one pull settles it before "Add customer" is offered.
      if (!customer && data.pullNow && navigator.onLine) {
        await data.pullNow().catch(() => undefined);
        customer = await customerByPhone(data.db, phoneNumber);
      }
      if (controller.signal.aborted) return;
      if (!customer) {
        navigate(customerPaths.add(area, phoneNumber, tillPaths.cart(area)));
        return;
      }
      // Once the customer is found the cart is made and shown, even if the cashier typed on.
      const { _id, customerName, phoneNumber: phone, loyalityPoint } = customer;
      await onCustomer({ _id, customerName, phoneNumber: phone, loyalityPoint });
      notify.success(messages.invoiceCreated);
      setPhone('');
    } catch (error) {
      if (controller.signal.aborted) return;
      if (!(error instanceof TillRefusal)) console.error('The cart could not be created', error);
      notify.error(refusalMessage(error, messages.invoiceCreateFailed));
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setPending(false);
      }
    }
  }

  function change(value: string) {
    const digits = value.replace(/\D/g, '').slice(0, PHONE_LENGTH);
    setPhone(digits);
    if (digits.length === PHONE_LENGTH && digits !== phone) void lookUp(digits);
    else if (digits.length !== PHONE_LENGTH) inFlight.current?.abort();
  }

  return (
    <div className="customer-lookup">
      <label className="customer-lookup__label" htmlFor={id}>
        Customer phone
      </label>
      <div className="customer-lookup__box">
        <UserSearch className="customer-lookup__icon" aria-hidden="true" />
        <input
          ref={ref}
          id={id}
          className="field__input customer-lookup__input"
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          maxLength={PHONE_LENGTH}
          placeholder="7 digits"
          aria-keyshortcuts="F3"
          value={phone}
          aria-busy={pending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (phone.length === PHONE_LENGTH && !pending) void lookUp(phone);
          }}
        />
      </div>
      {/* Read out always; shown only while a lookup runs, so the cart below keeps the height. */}
      <p id={`${id}-hint`} className={pending ? 'customer-lookup__hint' : 'customer-lookup__hint visually-hidden'} role="status">
        {pending ? 'Looking up the customer…' : 'Type the customer’s 7-digit phone number.'}
      </p>
    </div>
  );
}
