import { TriangleAlert } from 'lucide-react';
import { PRODUCT_NAME } from '../config/product';
import './core-load-error.css';

interface CoreLoadErrorProps {
  error: unknown;
}

/** Shown instead of the app when the WebAssembly pricing engine cannot start. */
export function CoreLoadError({ error }: CoreLoadErrorProps) {
  const reason = error instanceof Error ? error.message : String(error);
  return (
    <main className="core-load-error">
      <div className="core-load-error__card" role="alert">
        <TriangleAlert className="core-load-error__icon" aria-hidden="true" />
        <h1>{PRODUCT_NAME} could not start</h1>
        <p className="core-load-error__reason">The pricing engine failed to load: {reason}</p>
        <p>Check the connection and try again. If it keeps happening, contact your administrator.</p>
        <button type="button" className="core-load-error__retry" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    </main>
  );
}
