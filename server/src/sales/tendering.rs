//! How a sale is paid: by one method for the whole of it (SPEC's payment routes, a card, a till
//! that names one `method`) or by the till's tenders; worked out by pos_core against the total
//! the server priced (docs/api-payments.md, "Tenders").

use pos_core::dashboard::PaymentMethod;
use pos_core::tender::{Tender, TenderInput, TenderPlan, round_cash, synced_tenders, tender_plan};
use rust_decimal::Decimal;

use crate::db::invoices::tenders::{CashSide, InvoiceTender};
use crate::db::support::scaled::{CENTS, to_scaled};
use crate::service_error::ServiceError;

/// How the money was handed over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tendering {
    /// The whole total by one method; cash exactly, rounded to the shop's cash step.
    Whole(PaymentMethod),
    /// A till's tenders as handed over (cash: what the customer gave), with the cash step the
    /// till applied (`None`: the shop's). The sale happened: tenders that do not settle the
    /// server's total are fitted to it (`pos_core::tender::synced_tenders`), never refused.
    Parts {
        tenders: Vec<Tender>,
        /// The card the gift-card tenders name (a sale takes one), as pos_core reads numbers.
        gift_card: Option<String>,
        cash_rounding: Option<Decimal>,
    },
}

impl Tendering {
    /// The gift card the tenders name, if any.
    pub fn gift_card(&self) -> Option<&str> {
        match self {
            Tendering::Whole(_) => None,
            Tendering::Parts { gift_card, .. } => gift_card.as_deref(),
        }
    }
}

/// A paid sale's tenders as they are stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaidBy {
    /// One per method, in the order each was first taken, each above 0 (none for a sale of 0).
    pub parts: Vec<(PaymentMethod, i64)>,
    /// The method that paid the most (the first of equals; for a sale of 0, the one named).
    pub main_method: PaymentMethod,
    pub cash: CashSide,
}

impl PaidBy {
    /// What `method` paid, in cents (0 when it paid nothing).
    pub fn cents_of(&self, method: PaymentMethod) -> i64 {
        self.parts
            .iter()
            .filter(|(paid_by, _)| *paid_by == method)
            .map(|(_, cents)| cents)
            .sum()
    }

    /// The parts as an invoice carries them, nothing refunded yet.
    pub fn invoice_tenders(&self, invoice_id: i64) -> Vec<InvoiceTender> {
        self.parts
            .iter()
            .map(|(method, cents)| InvoiceTender {
                invoice_id,
                method: method.as_str().to_owned(),
                amount_cents: *cents,
                refunded_cents: 0,
                gift_card_id: None,
                card: None,
            })
            .collect()
    }
}

/// pos_core's plan of `tendering` for a sale of `total` in a shop that rounds cash to
/// `shop_step`, in cents as stored.
pub fn paid_by(
    tendering: &Tendering,
    total: Decimal,
    shop_step: Decimal,
) -> Result<PaidBy, ServiceError> {
    let (plan, named) = match tendering {
        Tendering::Whole(method) => (whole(*method, total, shop_step)?, *method),
        Tendering::Parts {
            tenders,
            cash_rounding,
            ..
        } => {
            let input = TenderInput {
                total_amount: total,
                cash_rounding: cash_rounding.unwrap_or(shop_step),
                tenders: tenders.clone(),
                store_credit: None,
                gift_card: None,
            };
            let named = tenders
                .first()
                .map_or(PaymentMethod::Cash, |tender| tender.method);
            (synced_tenders(input)?, named)
        }
    };
    stored(&plan, named)
}

/// The whole of `total` by `method`: cash exactly its rounded amount.
fn whole(
    method: PaymentMethod,
    total: Decimal,
    shop_step: Decimal,
) -> Result<TenderPlan, ServiceError> {
    let cash = method == PaymentMethod::Cash;
    let step = if cash { shop_step } else { Decimal::ZERO };
    let tenders = if total.is_zero() {
        Vec::new()
    } else {
        let amount = if cash { round_cash(total, step) } else { total };
        vec![Tender { method, amount }]
    };
    let plan = tender_plan(TenderInput {
        total_amount: total,
        cash_rounding: step,
        tenders,
        store_credit: None,
        gift_card: None,
    })?;
    if !plan.complete {
        return Err(ServiceError::invariant(
            "a whole payment left something to pay",
        ));
    }
    Ok(plan)
}

fn stored(plan: &TenderPlan, named: PaymentMethod) -> Result<PaidBy, ServiceError> {
    let mut parts: Vec<(PaymentMethod, i64)> = Vec::with_capacity(plan.tenders.len());
    for tender in &plan.tenders {
        let cents = to_scaled(tender.amount, CENTS)?;
        if cents == 0 {
            continue;
        }
        match parts
            .iter_mut()
            .find(|(method, _)| *method == tender.method)
        {
            Some((_, sum)) => *sum += cents,
            None => parts.push((tender.method, cents)),
        }
    }
    let main_method = parts
        .iter()
        .fold(
            None::<(PaymentMethod, i64)>,
            |most, &(method, cents)| match most {
                Some((_, top)) if top >= cents => most,
                _ => Some((method, cents)),
            },
        )
        .map_or(named, |(method, _)| method);
    let handed_cash = plan.tenders.iter().any(|t| t.method == PaymentMethod::Cash);
    let cash = CashSide {
        cash_received_cents: handed_cash
            .then(|| to_scaled(plan.cash_received, CENTS))
            .transpose()?,
        change_cents: to_scaled(plan.change, CENTS)?,
        rounding_cents: to_scaled(plan.rounding, CENTS)?,
    };
    Ok(PaidBy {
        parts,
        main_method,
        cash,
    })
}

#[cfg(test)]
mod tests {
    use rust_decimal::dec;

    use super::*;

    #[test]
    fn a_whole_cash_payment_is_rounded_to_the_shops_step() {
        let paid = paid_by(
            &Tendering::Whole(PaymentMethod::Cash),
            dec!(12.33),
            dec!(0.05),
        )
        .unwrap();
        assert_eq!(paid.parts, vec![(PaymentMethod::Cash, 1233)]);
        assert_eq!(paid.cash.cash_received_cents, Some(1235));
        assert_eq!(paid.cash.rounding_cents, 2);
        assert_eq!(paid.cash.change_cents, 0);
    }

    #[test]
    fn a_swipe_is_never_rounded_and_a_sale_of_nothing_has_no_parts() {
        let swipe = paid_by(
            &Tendering::Whole(PaymentMethod::InternalDevice),
            dec!(12.33),
            dec!(0.05),
        )
        .unwrap();
        assert_eq!(swipe.parts, vec![(PaymentMethod::InternalDevice, 1233)]);
        assert_eq!(swipe.cash.cash_received_cents, None);
        let nothing = paid_by(&Tendering::Whole(PaymentMethod::Cash), dec!(0), dec!(0.05)).unwrap();
        assert!(nothing.parts.is_empty());
        assert_eq!(nothing.main_method, PaymentMethod::Cash);
    }

    #[test]
    fn parts_are_summed_per_method_and_the_largest_names_the_sale() {
        let tender = |method, amount| Tender { method, amount };
        let paid = paid_by(
            &Tendering::Parts {
                gift_card: None,
                tenders: vec![
                    tender(PaymentMethod::InternalDevice, dec!(10)),
                    tender(PaymentMethod::Cash, dec!(5)),
                    tender(PaymentMethod::InternalDevice, dec!(10)),
                    tender(PaymentMethod::Cash, dec!(30)),
                ],
                cash_rounding: None,
            },
            dec!(47.33),
            Decimal::ZERO,
        )
        .unwrap();
        assert_eq!(
            paid.parts,
            vec![
                (PaymentMethod::InternalDevice, 2000),
                (PaymentMethod::Cash, 2733)
            ]
        );
        assert_eq!(paid.main_method, PaymentMethod::Cash);
        assert_eq!(paid.cash.cash_received_cents, Some(3500));
        assert_eq!(paid.cash.change_cents, 767);
    }
}
