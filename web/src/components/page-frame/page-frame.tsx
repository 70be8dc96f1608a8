import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import './page-frame.css';

interface PageFrameProps {
  children: ReactNode;
  onLogout: () => void;
}

/** SPEC part 1: every screen sits between the top bar and the footer. */
export function PageFrame({ children, onLogout }: PageFrameProps) {
  return (
    <div className="page-frame">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <TopBar onLogout={onLogout} />
      <main id="main-content" className="page-frame__main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
