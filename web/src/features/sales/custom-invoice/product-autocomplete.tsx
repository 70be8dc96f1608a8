import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import { matchesSearch } from '@/lib/search';
import type { ProductChoice } from '../api/custom-invoices';
import './product-autocomplete.css';

/** The autocomplete shows at most 5 products. */
export const MAX_SUGGESTIONS = 5;

/** What the search reads of a product: its name, number and barcode. */
export type SearchableProduct = Pick<ProductChoice, '_id' | 'product_id' | 'productName' | 'barcodeNumber'>;

/**
 * The products matching `text`; a product whose barcode is exactly the text comes first, so a
 * scanner's Enter takes the scanned product even when its barcode is part of another's.
 */
export function suggestionsFor<P extends SearchableProduct>(products: readonly P[], text: string): P[] {
  const typed = text.trim();
  if (!typed) return [];
  const scanned = products.filter((product) => product.barcodeNumber === typed);
  const others = products.filter((product) => product.barcodeNumber !== typed && matchesSearch(text, [product.productName, product.product_id, product.barcodeNumber]));
  return [...scanned, ...others].slice(0, MAX_SUGGESTIONS);
}

/** `P`: the products offered, as the screen knows them (the chosen one comes back as it was given). */
interface ProductAutocompleteProps<P extends SearchableProduct> {
  ref?: Ref<HTMLInputElement>;
  /** The input's id, for a visible label's `htmlFor`. */
  id?: string;
  /** The box's accessible name; the custom invoice's Title cell by default. */
  label?: string;
  /** Shown while the box is empty. */
  placeholder?: string;
  products: readonly P[];
  text: string;
  onTextChange: (text: string) => void;
  /** A suggestion taken (Enter on the highlighted one, or a click). */
  onChoose: (product: P) => void;
  /** The chosen product's name is in the box: no suggestions until it is changed. */
  chosen: boolean;
}

/**
 * The Title cell's product search: up to 5 matching products by name, number or
 * barcode; ArrowDown and ArrowUp move through them, Enter takes the highlighted one (the first
 * when none is), Escape closes the list. A combobox, so screen readers follow the highlight.
 */
export function ProductAutocomplete<P extends SearchableProduct>({
  ref, id, label = 'Title', placeholder = 'Search a product', products, text, onTextChange, onChoose, chosen,
}: ProductAutocompleteProps<P>) {
  const listId = useId();
  const [highlight, setHighlight] = useState(-1);
  const [closed, setClosed] = useState(false);
  const suggestions = chosen || closed ? [] : suggestionsFor(products, text);
  const open = suggestions.length > 0;
  const active = open && highlight >= 0 && highlight < suggestions.length ? highlight : -1;

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((current) => {
        const from = current >= 0 && current < suggestions.length ? current : step > 0 ? -1 : suggestions.length;
        return (from + step + suggestions.length) % suggestions.length;
      });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const product = suggestions[Math.max(active, 0)];
      if (product) choose(product);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setClosed(true);
    }
  }

  function choose(product: P) {
    setHighlight(-1);
    onChoose(product);
  }

  return (
    <div className="product-autocomplete">
      <input
        ref={ref}
        id={id}
        className="field__input product-autocomplete__input"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          setHighlight(-1);
          setClosed(false);
          onTextChange(event.target.value);
        }}
        onKeyDown={handleKeyDown}
        onBlur={() => setClosed(true)}
        onFocus={() => setClosed(false)}
      />
      <ul id={listId} role="listbox" aria-label="Products" className="product-autocomplete__list" hidden={!open}>
        {suggestions.map((product, index) => (
          <li
            key={product._id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="product-autocomplete__option"
            // Taken on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(product);
            }}
          >
            <span className="product-autocomplete__name">{product.productName}</span>
            <span className="product-autocomplete__code">{product.product_id}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
