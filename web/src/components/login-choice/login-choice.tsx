import { ChevronRight } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import './login-choice.css';

interface LoginChoiceProps {
  id: string;
  to: string;
  title: string;
  description: string;
  icon: ReactElement;
}

/** One large, tablet-friendly sign-in button: its name is the title, the line below describes it. */
export function LoginChoice({ id, to, title, description, icon }: LoginChoiceProps) {
  return (
    <Link to={to} className="login-choice" aria-labelledby={`${id}-title`} aria-describedby={`${id}-description`}>
      <span className="login-choice__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="login-choice__text">
        <span id={`${id}-title`} className="login-choice__title">
          {title}
        </span>
        <span id={`${id}-description`} className="login-choice__description">
          {description}
        </span>
      </span>
      <ChevronRight className="login-choice__chevron" aria-hidden="true" />
    </Link>
  );
}
