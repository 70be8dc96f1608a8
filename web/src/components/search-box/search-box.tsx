import { Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import './search-box.css';

interface SearchBoxProps {
  /** Read by screen readers, e.g. "Search shops". */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Says what is searched, e.g. "Name, email, country or currency". */
  placeholder?: string;
}

/** A table's search box: filters as you type; the clear button or Escape empties it. */
export function SearchBox({ label, value, onValueChange, placeholder }: SearchBoxProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className={value ? 'search-box search-box--filled' : 'search-box'} role="search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Search className="search-box__icon" aria-hidden="true" />
      <input
        ref={inputRef}
        id={id}
        className="search-box__input"
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onValueChange('');
          }
        }}
      />
      {value && (
        <button
          type="button"
          className="search-box__clear"
          aria-label="Clear search"
          title="Clear search"
          onClick={() => {
            onValueChange('');
            inputRef.current?.focus();
          }}
        >
          <X aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
