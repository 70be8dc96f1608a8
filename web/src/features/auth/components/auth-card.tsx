import type { ReactElement, ReactNode } from 'react';
import '../auth.css';

interface AuthCardProps {
  /** The id of the page heading, so the section is named by it. */
  id: string;
  icon: ReactElement;
  title: string;
  description?: ReactNode;
  /** Above the title: e.g. which shop this till is signed in to. */
  context?: ReactNode;
  children: ReactNode;
  /** Below the form: links to the other sign-in screens. */
  footer?: ReactNode;
}

/** The one-column card every sign-in, forgot-password and reset screen sits in. */
export function AuthCard({ id, icon, title, description, context, children, footer }: AuthCardProps) {
  return (
    <section className="auth-page" aria-labelledby={id}>
      <div className="auth-card">
        {context}
        <div className="auth-card__header">
          <span className="auth-card__icon" aria-hidden="true">
            {icon}
          </span>
          <h1 id={id} className="auth-card__title">
            {title}
          </h1>
          {description && <p className="auth-card__description">{description}</p>}
        </div>
        {children}
        {footer && <div className="auth-card__footer">{footer}</div>}
      </div>
    </section>
  );
}
