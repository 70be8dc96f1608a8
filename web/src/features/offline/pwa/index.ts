/** The installable app: service worker registration and the update rule. */
export { canApplyUpdate } from './can-apply-update';
export { registerServiceWorker } from './register-service-worker';
export { applyUpdateWhenAllowed, showUpdatePrompt, type UpdateGuard, type WaitingVersion } from './update-prompt';
