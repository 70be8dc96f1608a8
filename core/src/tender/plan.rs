//! Paying a sale with its tenders (operation `tenderPlan`).

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::method::method_words;
use super::rounding::{cash_rounding_step, round_cash};
use crate::dashboard::PaymentMethod;
use crate::error::{CoreError, CoreResult};
use crate::pricing::checks::{self, Field, out};

/// Most tenders one sale may be paid with.
pub const MAX_TENDERS: usize = 20;

/// One tender: a method and an amount. In a [`TenderInput`] a cash amount is what was handed
/// over; everywhere else it is what the tender paid of the sale.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Tender {
    pub method: PaymentMethod,
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub amount: Decimal,
}

/// Input of `tenderPlan`: the sale's total, the shop's cash rounding step (0 or absent: none)
/// and the tenders so far, in the order they were handed over. `storeCredit`, when given,
/// bounds what store credit may pay, and `giftCard` what the sale's gift card may pay (a sale
/// takes one gift card); absent, they are not bounded here (the server bounds them by their
/// ledgers).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TenderInput {
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub total_amount: Decimal,
    #[serde(default, deserialize_with = "crate::decimal_text::deserialize")]
    pub cash_rounding: Decimal,
    #[serde(default)]
    pub tenders: Vec<Tender>,
    #[serde(default)]
    pub store_credit: Option<Spendable>,
    #[serde(default)]
    pub gift_card: Option<Spendable>,
}

/// A customer's store credit or a gift card as the payer knows it: the balance last learnt from
/// the server and the uses of it the server has not seen yet (a till's sales waiting to be
/// sent). What may be spent is the balance less those uses, so a till offline never spends the
/// same money twice.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Spendable {
    #[serde(deserialize_with = "crate::decimal_text::deserialize")]
    pub balance: Decimal,
    #[serde(default)]
    pub held: Vec<Decimal>,
}

/// The customer's store credit as the payer knows it.
pub type StoreCredit = Spendable;

impl Spendable {
    /// The balance less the held uses, never below 0.
    pub fn available(&self) -> Decimal {
        (self.balance - self.held.iter().copied().sum::<Decimal>()).max(Decimal::ZERO)
    }
}

/// Output of `tenderPlan`. Money is 2-decimal text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TenderPlan {
    pub total_amount: Decimal,
    /// What each tender paid of the sale, in order: they add up to `paid`.
    pub tenders: Vec<Tender>,
    /// The sum of `tenders`: at most `totalAmount`.
    pub paid: Decimal,
    /// `totalAmount - paid`.
    pub remaining: Decimal,
    /// The cash that settles `remaining`: it rounded to the shop's step.
    pub cash_due: Decimal,
    /// The cash handed over, in all.
    pub cash_received: Decimal,
    /// Cash given back: what the settling cash tender was over `cashDue`.
    pub change: Decimal,
    /// What cash rounding added to the settling cash (negative when it took off): the drawer
    /// holds `cashReceived - change`, which is the cash tenders' sum plus this.
    pub rounding: Decimal,
    /// True once nothing is left to pay.
    pub complete: bool,
    /// The store credit the customer may still spend after these tenders; only with a
    /// `storeCredit` input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub store_credit_left: Option<Decimal>,
    /// What may still be spent of the gift card after these tenders; only with a `giftCard`
    /// input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gift_card_left: Option<Decimal>,
}

/// Applies the tenders to the sale in order (see the module's rules). Refuses a tender that is
/// not above 0, one after the sale is paid, a swipe, card, store credit or gift card over what
/// is left, store credit over what the customer may spend, a gift card over what is on it, and
/// cash that covers what is left but not its rounded amount.
///
/// Total 12.33, rounding 0.05, tenders swipe 5.00 and cash 10.00: swipe pays 5.00, 7.33 is
/// left, due in cash as 7.35; cash pays 7.33 with change 2.65 and rounding 0.02; complete.
pub fn tender_plan(input: TenderInput) -> CoreResult<TenderPlan> {
    let total = checks::money(input.total_amount, Field::Top("totalAmount"))?;
    let step = cash_rounding_step(input.cash_rounding)?;
    if input.tenders.len() > MAX_TENDERS {
        return Err(CoreError::invalid(
            "tenders",
            format!("A sale can be paid in at most {MAX_TENDERS} parts"),
        ));
    }
    let mut remaining = total;
    let mut applied = Vec::with_capacity(input.tenders.len());
    let mut cash_received = Decimal::ZERO;
    let mut change = Decimal::ZERO;
    let mut rounding = Decimal::ZERO;
    let mut credit_left = input.store_credit.as_ref().map(Spendable::available);
    let mut card_left = input.gift_card.as_ref().map(Spendable::available);
    for (index, tender) in input.tenders.iter().enumerate() {
        let field = Field::Item("tenders", index, "amount");
        let amount = checks::money(tender.amount, field)?;
        let words = method_words(tender.method);
        if remaining.is_zero() {
            return Err(CoreError::invalid(
                field.to_string(),
                format!("The sale is already paid: nothing is left for {words}"),
            ));
        }
        let cash_due = round_cash(remaining, step);
        let settles_in_cash = tender.method == PaymentMethod::Cash && amount >= cash_due;
        if amount.is_zero() && !settles_in_cash {
            return Err(CoreError::invalid(
                field.to_string(),
                format!("{words} must be more than 0"),
            ));
        }
        if tender.method == PaymentMethod::Cash {
            cash_received += amount;
            if settles_in_cash {
                change = amount - cash_due;
                rounding = cash_due - remaining;
                applied.push(part(tender.method, remaining));
                remaining = Decimal::ZERO;
                continue;
            }
            if amount >= remaining {
                return Err(CoreError::invalid(
                    field.to_string(),
                    format!(
                        "Cash due is {} (the shop rounds cash to {})",
                        out(cash_due),
                        out(step)
                    ),
                ));
            }
        } else if amount > remaining {
            return Err(CoreError::invalid(
                field.to_string(),
                format!(
                    "{words} of {} is more than the {} left to pay",
                    out(amount),
                    out(remaining)
                ),
            ));
        }
        match tender.method {
            PaymentMethod::StoreCredit => {
                credit_left = spend(credit_left, amount, field, &STORE_CREDIT)?;
            }
            PaymentMethod::GiftCard => card_left = spend(card_left, amount, field, &GIFT_CARD)?,
            _ => {}
        }
        applied.push(part(tender.method, amount));
        remaining -= amount;
    }
    Ok(TenderPlan {
        total_amount: out(total),
        tenders: applied,
        paid: out(total - remaining),
        remaining: out(remaining),
        cash_due: round_cash(remaining, step),
        cash_received: out(cash_received),
        change: out(change),
        rounding: out(rounding),
        complete: remaining.is_zero(),
        store_credit_left: credit_left.map(out),
        gift_card_left: card_left.map(out),
    })
}

/// How a refusal names a bounded balance: when nothing is left, and when a tender is over it.
struct BalanceWords {
    empty: &'static str,
    named: &'static str,
    holder: &'static str,
}

const STORE_CREDIT: BalanceWords = BalanceWords {
    empty: "The customer has no store credit to spend",
    named: "Store credit",
    holder: "the customer has",
};

const GIFT_CARD: BalanceWords = BalanceWords {
    empty: "The gift card has nothing left to spend",
    named: "Gift card",
    holder: "on the card",
};

/// What is left of a bounded balance once `amount` of it is spent; refused beyond what may be
/// spent.
fn spend(
    left: Option<Decimal>,
    amount: Decimal,
    field: Field,
    words: &BalanceWords,
) -> CoreResult<Option<Decimal>> {
    match left {
        None => Ok(None),
        Some(left) if amount > left => Err(CoreError::invalid(
            field.to_string(),
            if left.is_zero() {
                words.empty.to_string()
            } else {
                format!(
                    "{} of {} is more than the {} {}",
                    words.named,
                    out(amount),
                    out(left),
                    words.holder
                )
            },
        )),
        Some(left) => Ok(Some(left - amount)),
    }
}

fn part(method: PaymentMethod, amount: Decimal) -> Tender {
    Tender {
        method,
        amount: out(amount),
    }
}
