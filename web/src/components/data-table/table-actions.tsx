import type { ComponentProps, ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

interface TableActionProps {
  icon: Icon;
  /** The accessible name and tooltip, naming the row: "Delete Ben". */
  label: string;
  /** Shown beside the icon; without it the button is an icon with a tooltip. */
  text?: ReactNode;
  tone?: 'default' | 'primary' | 'danger';
}

const className = (tone: TableActionProps['tone'], text: ReactNode) =>
  ['table-action', `table-action--${tone ?? 'default'}`, text ? 'table-action--with-text' : ''].filter(Boolean).join(' ');

/**
 * A row's action button: a touch-sized target named for the row it acts on ("Delete Ben"), so
 * a screen reader moving through the table knows which row each button belongs to.
 */
export function TableButton({
  icon: Icon,
  label,
  text,
  tone,
  ref,
  ...button
}: TableActionProps & Omit<ComponentProps<'button'>, 'children' | 'type'>) {
  return (
    <button
      {...button}
      ref={ref}
      type="button"
      className={className(tone, text)}
      aria-label={label}
      title={label}
    >
      <Icon aria-hidden="true" />
      {text && <span>{text}</span>}
    </button>
  );
}

/** A row's link to another screen (permissions, password reset), styled as its buttons. */
export function TableLink({ icon: Icon, label, text, tone, to, state }: TableActionProps & { to: string; state?: unknown }) {
  return (
    <Link to={to} state={state} className={className(tone, text)} aria-label={label} title={label}>
      <Icon aria-hidden="true" />
      {text && <span>{text}</span>}
    </Link>
  );
}

/** The actions of one row, side by side. */
export function TableActions({ children }: { children: ReactNode }) {
  return <div className="table-actions">{children}</div>;
}
