//! Paying one invoice with several tenders, the change, the shop's cash rounding, and where a
//! refund's money goes back (operations `tenderPlan` and `refundTenders`).
//!
//! A sale is paid by one or more tenders, in the order the customer hands them over: cash,
//! swipe (the shop's card terminal), card (Stripe Checkout). Each tender pays part of what is
//! left:
//!
//! - a swipe, card or store credit tender pays exactly its amount, never more than is left (a
//!   card is never charged more than the sale); store credit never more than the customer may
//!   spend, and a gift card never more than is on it: the balance last known less the uses the
//!   server has not seen yet ([`Spendable`]). A sale takes one gift card;
//! - a cash tender is what the customer handed over. When it covers what is left, it settles the
//!   sale and the rest is change. What cash settles is rounded to the shop's cash step
//!   ([`round_cash`]: none, 0.05, 0.10, 0.25, 0.50 or 1.00), halves up: 12.33 left in a 0.05
//!   shop is settled by 12.35 in cash, the 0.02 is the sale's `rounding`, and the invoice's
//!   total stays 12.33. Less than that is a part payment, never rounded;
//! - the sale is paid (`complete`) once nothing is left; a tender after that is refused.
//!
//! Worked example, total 47.33, cash rounding 0.05: swipe 20.00 (27.33 left), then 30.00 cash
//! handed over: 27.33 rounds to 27.35 in cash, change 2.65, rounding 0.02. The tenders applied
//! are swipe 20.00 and cash 27.33 (they add up to the total); the drawer gains 27.35.
//!
//! Refunds go back through the tenders the sale was paid by ([`refund_tenders`]): each method at
//! most what it took less what went back to it before; by default the last tender taken is paid
//! back first.
//!
//! A till's sale arrives after the money changed hands: [`synced_tenders`] takes its tenders as
//! the plan gives them, or fitted to the server's total when they do not settle it.
//!
//! Layout: `rounding` (the cash step), `plan` (paying), `synced` (a till's sale at the server),
//! `refund` (paying back), `credit` (topping up store credit), `gift_card` (card numbers and
//! selling a card), `method` (words).

mod credit;
mod gift_card;
mod method;
mod plan;
mod refund;
mod rounding;
mod synced;

pub use credit::{MAX_TOP_UP, TopUp, TopUpInput, store_credit_top_up};
pub use gift_card::{
    GiftCardLoad, GiftCardLoadInput, GiftCardNumber, MAX_CARD_NUMBER, MIN_CARD_NUMBER,
    gift_card_load, gift_card_number,
};
pub use method::method_words;
pub use plan::{MAX_TENDERS, Spendable, StoreCredit, Tender, TenderInput, TenderPlan, tender_plan};
pub use refund::{RefundTenders, RefundTendersInput, refund_tenders};
pub use rounding::{CASH_ROUNDING_STEPS, cash_rounding_step, round_cash};
pub use synced::synced_tenders;

#[cfg(test)]
mod tests;
