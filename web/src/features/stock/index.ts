/** The stock screens: receiving deliveries, counts and adjustments by hand. The app routes them. */
export { ReceivingDeliveryPage } from './receiving-delivery-page';
export { ReceivingFormPage } from './receiving-form-page';
export { ReceivingListPage } from './receiving-list-page';
export { CountListPage } from './count-list-page';
export { CountPage } from './count-page';
export { AdjustPage } from './adjust-page';
