import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The way back to the list a screen was opened from. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to}>
      <ArrowLeft aria-hidden="true" />
      {label}
    </Link>
  );
}

/** The name a table row passed along with its link (react-router location state), if any. */
export function nameFromState(state: unknown): string | null {
  if (state && typeof state === 'object' && 'name' in state && typeof state.name === 'string') return state.name;
  return null;
}
