import type { ReactNode } from 'react';
import './catalog.css';

/** A titled group of a long form's fields ("Stock", "Price"), two columns where there is room. */
export function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="catalog-form__section">
      <legend className="catalog-form__legend">{legend}</legend>
      <div className="form-grid">{children}</div>
    </fieldset>
  );
}
