export { AreaLayout, type AreaMenuLink } from './area-layout';
