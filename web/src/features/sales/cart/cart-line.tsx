import { Minus, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatMoney } from '@/features/catalog';
import { compareDecimal, subtractDecimal, sumDecimal } from '@/lib/decimal-text';
import type { InvoiceLine } from '@/types/invoice';
import { sameAmount, type LineAmounts } from './cart-totals';

interface CartLineProps {
  number: number;
  line: InvoiceLine;
  amounts: LineAmounts;
  currencyCode: string;
  disabled: boolean;
  /** Focus and select the quantity when the line appears (the "ask quantity" mode). */
  focusQuantity: boolean;
  onQuantityFocused: () => void;
  onQuantity: (quantity: string) => Promise<boolean>;
  onRemove: () => void;
}

/**
 * One cart line: number, name, price times quantity, unit, line total and a
 * remove button. The quantity is a number input sent when it loses focus, and only when it
 * changed; Enter sends it too, Escape puts the server's quantity back; − and + beside it take
 * one off or add one (one off the last one asks to remove the line, as the remove button does).
 * A custom product's quantity is its own and cannot be changed here. The quantity stays editable
 * while another change is on its way, so typing is never cut off; only removing waits.
 */
export function CartLine({ number, line, amounts, currencyCode, disabled, focusQuantity, onQuantityFocused, onQuantity, onRemove }: CartLineProps) {
  return (
    <li className="cart-line">
      <span className="cart-line__number" aria-hidden="true">
        {number}
      </span>
      <span className="cart-line__name">{line.productName}</span>
      <span className="cart-line__price">
        <span className="cart-line__unit-price">{formatMoney(amounts.price)}</span>
        <span aria-hidden="true">×</span>
        {line.customProduct ? (
          <span className="cart-line__fixed-quantity" aria-label={`Quantity of ${line.productName}`}>
            {String(line.quantity)}
          </span>
        ) : (
          <span className="cart-line__stepper">
            <StepButton
              label={`One less ${line.productName}`}
              title="One less"
              icon={<Minus aria-hidden="true" />}
              disabled={disabled}
              onClick={() => (compareDecimal(line.quantity, 1) <= 0 ? onRemove() : void onQuantity(subtractDecimal(line.quantity, 1)))}
            />
            {/* A new quantity from the server (another till, a scanner) starts the input afresh. */}
            <QuantityInput key={String(line.quantity)} line={line} focus={focusQuantity} onFocused={onQuantityFocused} onSend={onQuantity} />
            <StepButton
              label={`One more ${line.productName}`}
              title="One more"
              icon={<Plus aria-hidden="true" />}
              disabled={disabled}
              onClick={() => void onQuantity(sumDecimal([line.quantity, 1]))}
            />
          </span>
        )}
        <span className="cart-line__unit">{line.unit}</span>
      </span>
      <span className="cart-line__total">{formatMoney(amounts.total, currencyCode)}</span>
      <button
        type="button"
        className="icon-button cart-line__remove"
        aria-label={`Remove ${line.productName}`}
        title={`Remove ${line.productName}`}
        disabled={disabled}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" />
      </button>
    </li>
  );
}

interface StepButtonProps {
  label: string;
  title: string;
  icon: ReactNode;
  disabled: boolean;
  onClick: () => void;
}

/** − or + beside a line's quantity. */
function StepButton({ label, title, icon, disabled, onClick }: StepButtonProps) {
  return (
    <button type="button" className="icon-button cart-line__step" aria-label={label} title={title} disabled={disabled} onClick={onClick}>
      {icon}
    </button>
  );
}

interface QuantityInputProps {
  line: InvoiceLine;
  focus: boolean;
  onFocused: () => void;
  onSend: (quantity: string) => Promise<boolean>;
}

function QuantityInput({ line, focus, onFocused, onSend }: QuantityInputProps) {
  const [text, setText] = useState(String(line.quantity));
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!focus) return;
    inputRef.current?.select();
    onFocused();
  }, [focus, onFocused]);

  async function send() {
    const typed = text.trim();
    if (typed === '' || sameAmount(typed, line.quantity)) {
      setText(String(line.quantity));
      return;
    }
    // Refused (not enough stock, not a whole number of pieces): back to what the cart holds.
    if (!(await onSend(typed))) setText(String(line.quantity));
  }

  return (
    <input
      ref={inputRef}
      className="cart-line__quantity"
      type="number"
      inputMode={line.unit === 'no' ? 'numeric' : 'decimal'}
      min="0"
      step={line.unit === 'no' ? '1' : '0.001'}
      aria-label={`Quantity of ${line.productName}`}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => void send()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          event.currentTarget.blur();
        } else if (event.key === 'Escape') {
          setText(String(line.quantity));
        }
      }}
    />
  );
}
