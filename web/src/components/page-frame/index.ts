export { PageFrame, type FrameHandle } from './page-frame';
