import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './catalog.css';

interface AddedNoteProps {
  children: ReactNode;
  /** Where the new record can be seen, when the viewer may see that list. */
  view?: { to: string; label: string };
}

/**
 * After an add, the form is empty again for the next one (a shop adds many in a row); this says
 * what was just added, and links to where it is listed.
 */
export function AddedNote({ children, view }: AddedNoteProps) {
  return (
    <div className="catalog-added" role="status">
      <CircleCheck aria-hidden="true" />
      <span className="catalog-added__text">{children}</span>
      {view && <Link to={view.to}>{view.label}</Link>}
    </div>
  );
}
