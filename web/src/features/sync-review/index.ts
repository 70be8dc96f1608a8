export { SyncReviewPage } from './sync-review-page';
