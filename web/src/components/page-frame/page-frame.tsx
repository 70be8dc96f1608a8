import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import './page-frame.css';

/** What a route's `handle` may give the frame. */
export interface FrameHandle {
  /** Controls placed in the top bar while the route is open (e.g. the super admin's shop selector). */
  topBarTools?: ReactNode;
}

interface PageFrameProps {
  children: ReactNode;
  onLogout: () => void;
  topBarTools?: ReactNode;
}

/** Every screen sits between the top bar and the footer. */
export function PageFrame({ children, onLogout, topBarTools }: PageFrameProps) {
  return (
    <div className="page-frame">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <TopBar onLogout={onLogout} tools={topBarTools} />
      <main id="main-content" className="page-frame__main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
