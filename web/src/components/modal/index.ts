export { useModal } from './use-modal';
