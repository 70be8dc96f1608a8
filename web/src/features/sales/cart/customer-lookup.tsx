import { UserSearch } from 'lucide-react';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../config/messages';
import { errorMessage, isAbort } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { customerPaths } from '../../customers';
import { findCustomerByPhone } from '../api/customer-lookup';
import { createCart } from '../api/invoices';
import type { Invoice } from '../types';
import type { TillArea } from './till-session';

/** SPEC part 9: customer mobile inputs take at most 7 characters; the lookup fires at exactly 7. */
export const PHONE_LENGTH = 7;

interface CustomerLookupProps {
  ref?: Ref<HTMLInputElement>;
  area: TillArea;
  /** After the customer's cart has been created. */
  onCart: (invoice: Invoice) => void;
}

/**
 * SPEC part 5's customer lookup, the first step of a sale: when the phone number reaches
 * exactly 7 characters (or on Enter at 7) the shop's customer with that number is looked up;
 * found, their cart is created ("Invoice created"); not found, Add New Customer opens with
 * the number filled in.
 */
export function CustomerLookup({ ref, area, onCart }: CustomerLookupProps) {
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
      const customer = await findCustomerByPhone(phoneNumber, controller.signal);
      if (controller.signal.aborted) return;
      if (!customer) {
        navigate(customerPaths.add(area, phoneNumber));
        return;
      }
      // Once the customer is found the cart is made and shown, even if the cashier typed on.
      const invoice = await createCart(customer._id);
      notify.success(messages.invoiceCreated);
      setPhone('');
      onCart(invoice);
    } catch (error) {
      if (controller.signal.aborted || isAbort(error)) return;
      notify.error(errorMessage(error, messages.invoiceCreateFailed));
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
      <p id={`${id}-hint`} className="customer-lookup__hint" role="status">
        {pending ? 'Looking up the customer…' : 'Type the customer’s 7-digit phone number.'}
      </p>
    </div>
  );
}
