/** "/": the landing page, where the admin or a staff member chooses how to sign in. */
export { WelcomePage } from './welcome-page';
