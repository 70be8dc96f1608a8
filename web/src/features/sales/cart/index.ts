export { CartPage } from './placeholder';
