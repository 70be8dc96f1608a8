import { UserRound, UserSearch } from 'lucide-react';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@/config/messages';
import { notify } from '@/lib/notify';
import { customerPaths } from '@/config/paths';
import { customerByPhone, walkInCustomer } from '../local/local-views';
import { refusalMessage, TillRefusal, type TillData } from '../local/till-data';
import type { InvoiceCustomer } from '@/types/invoice';
import { decimalOf } from '@/types/invoice-wire';
import { tillPaths, type TillArea } from './till-session';

/** Customer mobile inputs take at most 7 characters; the lookup fires at exactly 7. */
export const PHONE_LENGTH = 7;
/** The longest barcode a scanner may type into the phone box (it is handed to the search). */
const SCAN_MAX_LENGTH = 32;
const DIGIT = /^[0-9]$/;
/**
 * How long 7 typed digits wait for more before the lookup: a scanner types a whole code within
 * a few milliseconds, a person far slower, so a barcode is never looked up as a phone number.
 */
export const LOOKUP_PAUSE_MS = 120;

/** Says why the walk-in customer is not on this till yet. */
export const WALK_IN_MISSING = 'The walk-in customer is not on this till yet: connect once to sync the customers';

interface CustomerLookupProps {
  ref?: Ref<HTMLInputElement>;
  area: TillArea;
  data: TillData | null;
  /** Makes the customer's cart (throws when it cannot). */
  onCustomer: (customer: InvoiceCustomer) => Promise<void>;
  /** A scanner's code typed here (more than 7 digits, then Enter): the search box scans it. */
  onScan: (code: string) => void;
  /** The Walk-in button (F6 too): the sale of a buyer who gives no phone number. */
  onWalkIn: () => void;
}

/** The sale's customer as the till's lookups find it. */
export function saleCustomer(customer: {
  _id: string;
  customerName: string;
  phoneNumber: string;
  loyalityPoint?: number | string;
  walkIn?: true;
}): InvoiceCustomer {
  const { _id, customerName, phoneNumber, walkIn } = customer;
  const loyalityPoint = customer.loyalityPoint === undefined ? undefined : decimalOf(customer.loyalityPoint);
  return walkIn ? { _id, customerName, phoneNumber, loyalityPoint, walkIn } : { _id, customerName, phoneNumber, loyalityPoint };
}

/** Starts the walk-in sale: the shop's walk-in customer's cart (throws when it cannot). */
export async function startWalkIn(data: TillData | null, onCustomer: (customer: InvoiceCustomer) => Promise<void>) {
  if (!data) throw new TillRefusal('The till is still opening: try again in a moment');
  let walkIn = await walkInCustomer(data.db);
  // A till whose first pull of customers is still running: online, that pull brings it.
  if (!walkIn && data.pullNow && navigator.onLine) {
    await data.pullNow().catch(() => undefined);
    walkIn = await walkInCustomer(data.db);
  }
  if (!walkIn) throw new TillRefusal(WALK_IN_MISSING);
  await onCustomer(saleCustomer(walkIn));
}

/**
 * The customer lookup, the first step of a sale: when the phone number reaches
 * exactly 7 characters (or on Enter at 7) the shop's customer with that number is looked up in
 * the local customers table (offline too); found, their cart is created ("Invoice created");
 * not found, Add New Customer opens with the number filled in, and comes back to the till with
 * the new customer's sale started.
 */
export function CustomerLookup({ ref, area, data, onCustomer, onScan, onWalkIn }: CustomerLookupProps) {
  const id = useId();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [pending, setPending] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const pause = useRef<number | null>(null);
  // Every digit typed since the box was last short of 7: the box keeps 7, a scanner types on.
  const keys = useRef('');

  const stopPause = () => {
    if (pause.current !== null) window.clearTimeout(pause.current);
    pause.current = null;
  };
  useEffect(
    () => () => {
      inFlight.current?.abort();
      stopPause();
    },
    [],
  );

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
      await onCustomer(saleCustomer(customer));
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
    stopPause();
    if (digits.length < PHONE_LENGTH || keys.current.length < digits.length) keys.current = digits;
    if (digits.length === PHONE_LENGTH && digits !== phone && keys.current.length <= PHONE_LENGTH) {
      pause.current = window.setTimeout(() => {
        pause.current = null;
        void lookUp(digits);
      }, LOOKUP_PAUSE_MS);
    } else if (digits.length !== PHONE_LENGTH) inFlight.current?.abort();
  }

  /** A digit typed at 7 already: more than a phone number, so a scanner's code, not looked up. */
  function overflow(key: string) {
    if (!DIGIT.test(key) || phone.length < PHONE_LENGTH || keys.current.length >= SCAN_MAX_LENGTH) return;
    keys.current += key;
    stopPause();
    inFlight.current?.abort();
  }

  function enter() {
    stopPause();
    const code = keys.current;
    if (code.length > PHONE_LENGTH) {
      keys.current = '';
      setPhone('');
      onScan(code);
    } else if (phone.length === PHONE_LENGTH && !pending) void lookUp(phone);
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
          placeholder="Customer phone, 7 digits"
          aria-keyshortcuts="F3"
          value={phone}
          aria-busy={pending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return overflow(event.key);
            event.preventDefault();
            enter();
          }}
        />
        <button type="button" className="button button--secondary customer-lookup__walk-in" aria-keyshortcuts="F6" title="Walk-in sale (F6)" onClick={onWalkIn}>
          <UserRound aria-hidden="true" />
          Walk-in
        </button>
      </div>
      {/* Read out always; shown only while a lookup runs, so the cart below keeps the height. */}
      <p id={`${id}-hint`} className={pending ? 'customer-lookup__hint' : 'customer-lookup__hint visually-hidden'} role="status">
        {pending ? 'Looking up the customer…' : 'Type the customer’s 7-digit phone number.'}
      </p>
    </div>
  );
}
