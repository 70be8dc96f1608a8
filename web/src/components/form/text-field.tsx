import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldFrame } from './field-frame';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  ref?: Ref<HTMLInputElement>;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string | null;
  /** A standing hint under the field (format, limits). */
  hint?: ReactNode;
  /** Something placed inside the field's box after the input (e.g. a show/hide button). */
  trailing?: ReactNode;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ id, ref, label, value, onValueChange, error, hint, trailing, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className} boxClassName={trailing ? 'field__box--with-trailing' : undefined}>
      {(described) => (
        <>
          <input
            {...input}
            {...described}
            ref={ref}
            id={id}
            className="field__input"
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
          />
          {trailing}
        </>
      )}
    </FieldFrame>
  );
}
