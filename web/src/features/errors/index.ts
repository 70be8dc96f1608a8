/** The page for a path that does not exist or a route that failed. */
export { ErrorPage } from './error-page';
