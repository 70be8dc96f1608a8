import type { ReactNode } from 'react';
import './form.css';

export interface FieldFrameProps {
  id: string;
  label: string;
  /** A standing hint under the field (format, limits). */
  hint?: ReactNode;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string | null;
  className?: string;
  boxClassName?: string;
  /** The control, given the attributes that tie it to the hint and the error. */
  children: (described: DescribedControl) => ReactNode;
}

/** What a control inside a [`FieldFrame`] sets so a screen reader reads its hint and error with it. */
export interface DescribedControl {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The label, box, hint and error every form field shares; the field puts its own control
 * (input, textarea, select) in the box.
 */
export function FieldFrame({ id, label, hint, error, className, boxClassName, children }: FieldFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described: DescribedControl = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className={boxClassName ? `field__box ${boxClassName}` : 'field__box'}>{children(described)}</div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
