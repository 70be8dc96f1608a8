import { useId, type ReactNode } from 'react';
import './screen.css';

interface ScreenProps {
  title: string;
  /** A line under the title: what the screen is for, or whose data it shows. */
  description?: ReactNode;
  /** Beside the title: the screen's search box, its main link or button. */
  tools?: ReactNode;
  /** Above the title: e.g. a link back to the list this screen came from. */
  back?: ReactNode;
  /** Narrow screens hold a form; wide ones a table. */
  width?: 'wide' | 'narrow';
  children: ReactNode;
}

/** A screen inside an area: its heading, tools and content, with the area's padding and width. */
export function Screen({ title, description, tools, back, width = 'wide', children }: ScreenProps) {
  const titleId = useId();
  return (
    <section className={`screen screen--${width}`} aria-labelledby={titleId}>
      {back && <div className="screen__back">{back}</div>}
      <header className="screen__header">
        <div className="screen__heading">
          <h1 id={titleId} className="screen__title">
            {title}
          </h1>
          {description && <p className="screen__description">{description}</p>}
        </div>
        {tools && <div className="screen__tools">{tools}</div>}
      </header>
      {children}
    </section>
  );
}

/** A white card for a screen's form or panel. */
export function ScreenPanel({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ? `screen-panel ${className}` : 'screen-panel'}>{children}</div>;
}
