export { ReceiptSettingsPage } from './receipt-settings-page';
export { useReceiptSettings, useReceiptSettingsRefresh } from './use-receipt-settings';
