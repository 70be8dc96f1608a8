import './error-page.css';

/** Each area's error page is a placeholder reading "ErrorPage". */
export function ErrorPage() {
  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <h1 id="error-page-title">ErrorPage</h1>
      <p>This page doesn’t exist or could not be shown.</p>
    </section>
  );
}
