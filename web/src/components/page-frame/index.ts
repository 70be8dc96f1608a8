export { PageFrame } from './page-frame';
