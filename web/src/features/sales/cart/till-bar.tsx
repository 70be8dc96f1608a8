import {
  ArrowLeft, Eraser, FilePlus2, Gift, ListOrdered, LogOut, PackagePlus, RotateCcw, Scale, ShoppingCart, Wallet,
} from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { TillSearch } from './till-search';

interface TillBarProps {
  searchRef: Ref<HTMLInputElement>;
  searchText: string;
  onSearchText: (text: string) => void;
  /** Enter in the search box: a scanner's barcode (or a single match typed by hand). */
  onScan: (text: string) => void;
  lineCount: number;
  hasInvoice: boolean;
  busy: boolean;
  openOrdersPath: string;
  openOrderCount: number | null;
  askQuantity: boolean;
  userName: string;
  logoutPending: boolean;
  onClear: () => void;
  onBack: () => void;
  onShowCart: () => void;
  onCustomProduct: () => void;
  onToggleAskQuantity: () => void;
  onNewInvoice: () => void;
  onReset: () => void;
  /** The till's shift: its number while one is open, else null. */
  openShift: string | null;
  /** The shop requires an open shift to sell and none is open: the button asks for attention. */
  shiftNeeded: boolean;
  onShift: () => void;
  /** Sell or load a gift card, or check one's balance. */
  onGiftCard: () => void;
  onLogout: () => void;
}

/**
 * The top bar of the cart: the smart search box (typing filters the products; a
 * scanner types a code and Enter, which adds that product), clear, back, cart, custom product,
 * open orders with the count of saved orders, new invoice (a new tab), reset, the shift (open,
 * pay in or out, close), gift cards (sell, load, check), the user's name and logout. "Ask quantity" is the quantity flag.
 */
export function TillBar({ searchRef, ...props }: TillBarProps) {
  return (
    <div className="till-bar">
      <TillSearch ref={searchRef} searchText={props.searchText} onSearchText={props.onSearchText} onScan={props.onScan} />

      <div className="till-bar__actions">
        <BarButton icon={<Eraser />} label="Clear cart" text="Clear" disabled={props.lineCount === 0 || props.busy} onClick={props.onClear} />
        <BarButton icon={<ArrowLeft />} label="Back" text="Back" onClick={props.onBack} />
        <BarButton icon={<ShoppingCart />} label={`Cart, ${props.lineCount} lines`} text="Cart" badge={props.lineCount} onClick={props.onShowCart} />
        <BarButton icon={<PackagePlus />} label="Custom product" text="Custom" disabled={!props.hasInvoice} onClick={props.onCustomProduct} />
        <button
          type="button"
          className="till-bar__button"
          aria-pressed={props.askQuantity}
          title="Ask quantity after adding a product"
          onClick={props.onToggleAskQuantity}
        >
          <Scale aria-hidden="true" />
          <span className="till-bar__text">Ask qty</span>
        </button>
        <Link
          to={props.openOrdersPath}
          className="till-bar__button"
          aria-label={props.openOrderCount === null ? 'Open orders' : `Open orders, ${props.openOrderCount} saved`}
          title="Open orders"
        >
          <ListOrdered aria-hidden="true" />
          <span className="till-bar__text">Open orders</span>
          {props.openOrderCount !== null && <span className="till-bar__badge">{props.openOrderCount}</span>}
        </Link>
        <BarButton icon={<FilePlus2 />} label="New invoice (opens a new tab)" text="New" onClick={props.onNewInvoice} />
        <BarButton icon={<RotateCcw />} label="Reset: start over with a new customer" text="Reset" disabled={props.busy} onClick={props.onReset} />
        <button
          type="button"
          className={props.shiftNeeded ? 'till-bar__button till-bar__button--attention' : 'till-bar__button'}
          aria-label={props.openShift ? `Shift ${props.openShift} open: pay in, pay out or close` : 'No shift open: open a shift'}
          title={props.openShift ? `Shift ${props.openShift}` : 'No shift open'}
          onClick={props.onShift}
        >
          <Wallet aria-hidden="true" />
          <span className="till-bar__text">Shift</span>
        </button>
        <BarButton icon={<Gift />} label="Gift card: sell, load or check a balance" text="Gift card" onClick={props.onGiftCard} />
        <span className="till-bar__user" title="Signed in">
          {props.userName}
        </span>
        <BarButton
          icon={<LogOut />}
          label={props.userName ? `Log out ${props.userName}` : 'Log out'}
          text="Log out"
          disabled={props.logoutPending}
          onClick={props.onLogout}
        />
      </div>
    </div>
  );
}

interface BarButtonProps {
  icon: ReactNode;
  label: string;
  text: string;
  badge?: number;
  disabled?: boolean;
  onClick: () => void;
}

function BarButton({ icon, label, text, badge, disabled, onClick }: BarButtonProps) {
  return (
    <button type="button" className="till-bar__button" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      <span className="till-bar__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="till-bar__text">{text}</span>
      {badge !== undefined && badge > 0 && (
        <span className="till-bar__badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </button>
  );
}
