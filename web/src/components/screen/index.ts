export { Screen, ScreenPanel } from './screen';
