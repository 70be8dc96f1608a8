/** Gift cards at the till: selling or loading one, and checking a card's balance. */
export { GiftCardDialog } from './gift-card-dialog';
