import { CircleAlert } from 'lucide-react';
import './form.css';

/**
 * The form's failure, announced as it changes: the region is always in the page (empty when
 * there is nothing to say) so screen readers pick up each new message.
 */
export function FormAlert({ message }: { message: string }) {
  return (
    <div className={message ? 'form-alert form-alert--shown' : 'form-alert'} role="alert">
      {message && (
        <>
          <CircleAlert className="form-alert__icon" aria-hidden="true" />
          <span>{message}</span>
        </>
      )}
    </div>
  );
}
