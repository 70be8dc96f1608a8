import { ScanBarcode, X } from 'lucide-react';
import { useId, type Ref } from 'react';

interface TillSearchProps {
  ref: Ref<HTMLInputElement>;
  searchText: string;
  onSearchText: (text: string) => void;
  /** Enter: a scanner's barcode (or a single match typed by hand). */
  onScan: (text: string) => void;
}

/**
 * The smart search box: typing filters the product tiles; a barcode scanner
 * types its code and presses Enter, which adds that product. Escape or × empties it.
 */
export function TillSearch({ ref, searchText, onSearchText, onScan }: TillSearchProps) {
  const id = useId();
  return (
    <div className="till-search" role="search">
      <label htmlFor={id} className="visually-hidden">
        Search products or scan a barcode
      </label>
      <ScanBarcode className="till-search__icon" aria-hidden="true" />
      <input
        ref={ref}
        id={id}
        className="till-search__input"
        type="search"
        value={searchText}
        placeholder="Search or scan a barcode"
        title="Search or scan a barcode (F2)"
        aria-keyshortcuts="F2"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onSearchText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && searchText.trim()) {
            event.preventDefault();
            onScan(searchText.trim());
          } else if (event.key === 'Escape' && searchText) {
            event.preventDefault();
            onSearchText('');
          }
        }}
      />
      {searchText && (
        <button type="button" className="till-search__clear" aria-label="Clear search" title="Clear search" onClick={() => onSearchText('')}>
          <X aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
