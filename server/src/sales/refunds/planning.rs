//! Planning a refund on the locked invoice and writing it: pos_core decides every amount, and
//! the cash and the card path (`card`) both plan with [`plan_locked`] and write with [`record`].

use pos_core::refund::{
    RefundByAmountInput, RefundByLinesInput, RefundInvoiceLine, RefundRequestItem,
    ReverseLoyaltyInput, refund_by_amount, refund_by_lines, reverse_loyalty,
};
use pos_core::tender::{RefundTendersInput, Tender, refund_tenders};
use pos_core::{CoreError, Decimal};
use sqlx::AnyConnection;

use crate::audit_trail::{self, Actor, Happening};
use crate::clock::Clock;
use crate::dashboard::rollup::{self, Contribution, ShopRollups};
use crate::db::audit::AuditEvent;
use crate::db::catalog::stock_moves::{self, MovedBy, NewMove};
use crate::db::customers::{self, ShopCustomer, store_credit};
use crate::db::gift_cards::{self, SaleOfCard};
use crate::db::invoices::{self, Invoice, InvoiceLine, card_status, status};
use crate::db::payments::insert_ledger_entries;
use crate::db::payments::refunds::{self, NewRefund};
use crate::db::shifts::ShiftUser;
use crate::db::support::scaled::{CENTS, E3, money, to_scaled};
use crate::db::support::write_batch::WriteBatch;
use crate::db::{Db, dashboard, identity::users::User};
use crate::sales::numbering::invoice_number_text;
use crate::sales::settle::{INVOICE_NOT_FOUND, PaymentMethod};
use crate::sales::shifts::{self, Missing, OPEN_A_SHIFT_TO_REFUND, ShiftChoice};
use crate::service_error::ServiceError;
use crate::stripe::CardGateway;

/// What to refund and where the money goes, validated as input (pos_core checks it against the
/// invoice).
#[derive(Debug, Clone, PartialEq)]
pub struct RefundRequest {
    pub what: Refunded,
    /// The methods the money goes back through and how much through each, adding up to what
    /// is refunded; empty: the last tender taken first (`pos_core::tender::refund_tenders`).
    pub to: Vec<Tender>,
}

/// What comes back.
#[derive(Debug, Clone, PartialEq)]
pub enum Refunded {
    /// Money back, nothing restocked.
    Amount(Decimal),
    /// Units of lines, named by product id, restocked.
    Lines(Vec<LineRefund>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct LineRefund {
    pub product_id: i64,
    pub quantity: Decimal,
}

/// What a refund changes, as pos_core planned it.
pub(super) struct Plan {
    pub(super) amount: Decimal,
    pub(super) refunded_total: Decimal,
    fully_refunded: bool,
    /// (line, units of it refunded now) for a refund by lines.
    lines: Vec<(InvoiceLine, Decimal)>,
    /// Where the money goes back: `(method, cents)` per method the sale was paid by, and store
    /// credit (pos_core's `refund_tenders`), filled once the amount is known.
    back_to: Vec<(String, i64)>,
    /// What each method the sale was paid by gives up: `(method, cents)`. It equals `back_to`
    /// except when store credit takes a part, which comes off the sale's tenders.
    drawn: Vec<(String, i64)>,
}

impl Plan {
    /// What the refund sends to the customer's store credit, in cents.
    pub(super) fn to_store_credit(&self) -> i64 {
        self.sent_to(PaymentMethod::StoreCredit)
    }

    /// What the refund gives back to the card Stripe charged, in cents.
    pub(super) fn to_card(&self) -> i64 {
        self.sent_to(PaymentMethod::Digital)
    }

    /// What the refund puts back on the gift card that paid the sale, in cents.
    fn to_gift_card(&self) -> i64 {
        self.sent_to(PaymentMethod::GiftCard)
    }

    fn sent_to(&self, to: PaymentMethod) -> i64 {
        self.back_to
            .iter()
            .filter(|(method, _)| method == to.as_str())
            .map(|(_, cents)| cents)
            .sum()
    }
}

/// The gift card that paid `invoice`'s gift-card part, if the shop has it.
fn paying_card(invoice: &Invoice) -> Option<i64> {
    invoice
        .tenders
        .iter()
        .find(|part| part.method == PaymentMethod::GiftCard.as_str())
        .and_then(|part| part.gift_card_id)
}

/// A refund planned on the locked invoice: the invoice, the plan, and what the invoice counted
/// on the dashboard before.
pub(super) struct Planned {
    pub(super) invoice: Invoice,
    pub(super) plan: Plan,
    counted_before: Option<Contribution>,
}

/// Where the refund runs: the database, the clock, and Stripe when configured.
pub struct Refunding<'a> {
    pub db: &'a Db,
    pub clock: &'a Clock,
    pub cards: Option<&'a CardGateway>,
}

/// Whether Stripe took some or all of `invoice`'s money: its refunds may go back to the card.
pub(super) fn is_card_paid(invoice: &Invoice) -> bool {
    invoice.card_status.as_deref() == Some(card_status::PAID)
}

/// Locks invoice `invoice_id` in `tx` (so refunds of one invoice run one after the other and
/// each sees what the previous one refunded), checks that it can be refunded and plans
/// `request` on it.
pub(super) async fn plan_locked(
    tx: &mut AnyConnection,
    shop_id: i64,
    invoice_id: i64,
    request: &RefundRequest,
) -> Result<Planned, ServiceError> {
    let not_found = || ServiceError::NotFound(INVOICE_NOT_FOUND.to_owned());
    if !refunds::lock_invoice(&mut *tx, shop_id, invoice_id).await? {
        return Err(not_found());
    }
    let mut invoice = invoices::find(&mut *tx, shop_id, invoice_id)
        .await?
        .filter(|invoice| invoice.status != status::CUSTOM)
        .ok_or_else(not_found)?;
    refuse_unless_refundable(&invoice)?;
    invoices::tenders::attach(&mut *tx, &mut invoice).await?;
    let lines = invoices::lines(&mut *tx, shop_id, invoice_id).await?;
    let counted_before = rollup::contribution(&invoice, &lines)?;
    let mut plan = match &request.what {
        Refunded::Amount(amount) => by_amount(&invoice, *amount)?,
        Refunded::Lines(items) => by_lines(&invoice, lines, items)?,
    };
    if plan.amount.is_zero() {
        // A refunds row is money that came back (refunds_amount_check); lines wholly paid
        // with points, or with a zero total, have none to give.
        return Err(ServiceError::Invalid(
            "There is no money left to refund on these products".to_owned(),
        ));
    }
    (plan.back_to, plan.drawn) = back_to(&invoice, plan.amount, &request.to)?;
    if plan.to_store_credit() > 0 {
        refuse_unless_credit_holder(&mut *tx, &invoice).await?;
    }
    if plan.to_gift_card() > 0 && paying_card(&invoice).is_none() {
        return Err(ServiceError::Conflict(
            "The gift card this sale was paid by is not one of the shop's: refund that part \
             another way"
                .to_owned(),
        ));
    }
    Ok(Planned {
        invoice,
        plan,
        counted_before,
    })
}

/// Where `amount` goes back: through the methods the sale was paid by, as `to` asks or else the
/// last taken first, each within what it took less what went back through it before, or to
/// store credit (pos_core). Answers where it goes and what each of the sale's methods gives up.
#[allow(clippy::type_complexity)]
fn back_to(
    invoice: &Invoice,
    amount: Decimal,
    to: &[Tender],
) -> Result<(Vec<(String, i64)>, Vec<(String, i64)>), ServiceError> {
    let tender = |method: &str, cents: i64| -> Result<Tender, ServiceError> {
        Ok(Tender {
            method: PaymentMethod::parse(method)?,
            amount: money(cents),
        })
    };
    let mut tenders = Vec::with_capacity(invoice.tenders.len());
    let mut refunded = Vec::new();
    for part in &invoice.tenders {
        tenders.push(tender(&part.method, part.amount_cents)?);
        if part.refunded_cents > 0 {
            refunded.push(tender(&part.method, part.refunded_cents)?);
        }
    }
    let split = refund_tenders(RefundTendersInput {
        tenders,
        refunded,
        amount,
        to: to.to_vec(),
    })?;
    let goes = split
        .parts
        .into_iter()
        .map(|part| {
            Ok((
                part.method.as_str().to_owned(),
                to_scaled(part.amount, CENTS)?,
            ))
        })
        .collect::<Result<Vec<_>, ServiceError>>()?;
    // What each tender gives up: what it could give back before less what it can after.
    let mut drawn = Vec::with_capacity(split.refundable.len());
    for left in &split.refundable {
        let method = left.method.as_str();
        let before: i64 = invoice
            .tenders
            .iter()
            .filter(|part| part.method == method)
            .map(|part| part.amount_cents - part.refunded_cents)
            .sum();
        let given = before - to_scaled(left.amount, CENTS)?;
        if given > 0 {
            drawn.push((method.to_owned(), given));
        }
    }
    Ok((goes, drawn))
}

/// Store credit goes to a named customer: not the walk-in customer, not a deleted one.
async fn refuse_unless_credit_holder(
    tx: &mut AnyConnection,
    invoice: &Invoice,
) -> Result<(), ServiceError> {
    let holder = match invoice.customer_id {
        Some(customer_id) => customers::find(&mut *tx, invoice.shop_id, customer_id).await?,
        None => None,
    };
    match holder {
        Some(customer) if !customer.is_walk_in() => Ok(()),
        _ => Err(ServiceError::Invalid(
            "A refund goes to store credit only for a named customer: this sale has none"
                .to_owned(),
        )),
    }
}

/// Writes a planned refund in `tx` (which claimed the sync counter before locking the invoice):
/// the invoice, its lines, the stock, the loyalty rows, the `refunds` row with Stripe's refund
/// id for a card, and the dashboard's difference. Answers the invoice as it is now.
pub(super) async fn record(
    tx: &mut AnyConnection,
    place: &Refunding<'_>,
    planned: &Planned,
    request: &RefundRequest,
    admin: &User,
    stripe_refund_id: Option<&str>,
    shift_id: i64,
) -> Result<Invoice, ServiceError> {
    let now = place.clock.now_millis();
    let Planned {
        invoice,
        plan,
        counted_before,
    } = planned;
    let (shop_id, invoice_id) = (invoice.shop_id, invoice.id);
    let (reversed, restored) = apply(&mut *tx, invoice, plan, now).await?;
    let amount_cents = to_scaled(plan.amount, CENTS)?;
    let refund_id = refunds::insert(
        &mut *tx,
        &NewRefund {
            shop_id,
            invoice_id,
            amount_cents,
            points_reversed_cents: reversed,
            points_restored_cents: restored,
            by_lines: matches!(request.what, Refunded::Lines(_)),
            staff_user_id: admin.id,
            staff_name: &admin.user_name,
            stripe_refund_id,
            shift_id: Some(shift_id),
            created_at: now,
        },
    )
    .await?;
    let restocked_by = MovedBy {
        user_id: Some(admin.id),
        user_name: &admin.user_name,
        shift_id: Some(shift_id),
    };
    for (line, quantity) in plan.lines.iter().filter(|(line, _)| !line.custom_product) {
        let restock = NewMove {
            shop_id,
            product_id: line.product_id,
            kind: stock_moves::kind::REFUND,
            change_e3: to_scaled(*quantity, E3)?,
            invoice_id: Some(invoice_id),
            refund_id: Some(refund_id),
            adjustment: None,
            receiving_id: None,
            count_id: None,
            by: restocked_by,
            created_at: now,
        };
        if restock.change_e3 != 0 {
            stock_moves::insert(&mut *tx, &restock).await?;
        }
    }
    for (method, cents) in &plan.drawn {
        let part = (method.as_str(), *cents);
        invoices::tenders::draw_back(&mut *tx, shop_id, invoice_id, part).await?;
    }
    for (method, cents) in &plan.back_to {
        let part = (method.as_str(), *cents);
        invoices::tenders::send_back(&mut *tx, shop_id, invoice_id, refund_id, part).await?;
    }
    let to_credit = plan.to_store_credit();
    if let (Some(customer_id), true) = (invoice.customer_id, to_credit > 0) {
        let mut credit = WriteBatch::default();
        let customer = ShopCustomer {
            shop_id,
            customer_id,
        };
        store_credit::add_refund(&mut credit, customer, invoice_id, to_credit, now);
        credit.run(&mut *tx).await?;
    }
    let to_card = plan.to_gift_card();
    if let (Some(gift_card_id), true) = (paying_card(invoice), to_card > 0) {
        let mut card = WriteBatch::default();
        let sale = SaleOfCard {
            shop_id,
            gift_card_id,
            invoice_id,
        };
        gift_cards::add_refund(&mut card, sale, to_card, now);
        card.run(&mut *tx).await?;
    }
    let mut refunded = invoices::find(&mut *tx, shop_id, invoice_id)
        .await?
        .ok_or_else(|| ServiceError::invariant("the refunded invoice cannot be read back"))?;
    invoices::tenders::attach(&mut *tx, &mut refunded).await?;
    let lines_after = invoices::lines(&mut *tx, shop_id, invoice_id).await?;
    let counted_after = rollup::contribution(&refunded, &lines_after)?;
    // Read under the sync counter lock taken above, which a rebuild takes too.
    let zone = dashboard::built_zone(&mut *tx, shop_id).await?;
    let rollups = ShopRollups {
        shop_id,
        zone: zone.as_deref(),
    };
    let (before, after) = (counted_before.as_ref(), counted_after.as_ref());
    rollup::record(&mut *tx, rollups, before, after).await?;
    let by = Actor::person(admin.id, &admin.user_name);
    audit_trail::write(tx, shop_id, by, now, refund_happening(invoice, plan)?).await?;
    tracing::info!(invoice_id, shop_id, amount_cents, "invoice refunded");
    Ok(refunded)
}

/// The audit row of a refund: the invoice, the money, how it went back, the goods restocked.
fn refund_happening(invoice: &Invoice, plan: &Plan) -> Result<Happening, ServiceError> {
    let through: Vec<String> = plan
        .back_to
        .iter()
        .map(|(method, cents)| format!("{} {method}", audit_trail::cents(*cents)))
        .collect();
    let method = match through.as_slice() {
        [] => invoice
            .payment_method
            .as_deref()
            .unwrap_or("unknown")
            .to_owned(),
        [_] => plan.back_to[0].0.clone(),
        _ => through.join(" and "),
    };
    let mut detail = format!(
        "Refunded {} by {method}; {} refunded of {} paid",
        audit_trail::money(plan.amount),
        audit_trail::money(plan.refunded_total),
        audit_trail::cents(invoice.total_amount_cents),
    );
    let restocked: Vec<String> = plan
        .lines
        .iter()
        .map(|(line, quantity)| {
            let back = if line.custom_product {
                ""
            } else {
                ", restocked"
            };
            format!(
                "{} x {}{back}",
                audit_trail::quantity(*quantity),
                line.product_name
            )
        })
        .collect();
    if !restocked.is_empty() {
        detail.push_str(&format!(". Lines: {}", restocked.join("; ")));
    }
    Ok(Happening {
        event: AuditEvent::Refund,
        subject: audit_trail::invoice_subject(&number(invoice)?),
        detail,
    })
}

/// The shift a refund's money leaves from (`sales::shifts::for_money`), in `tx`, which holds the
/// shop's lock: the shift named by `shift_ref` or the web till's open one. `strict`: a named
/// shift must be open and a missing one is opened only where the shop allows it; otherwise (the
/// money has already moved at Stripe) the refund takes whatever shift it finds or opens.
pub(super) async fn refund_shift(
    tx: &mut AnyConnection,
    place: &Refunding<'_>,
    shop_id: i64,
    shift_ref: Option<&str>,
    strict: bool,
    admin: &User,
) -> Result<i64, ServiceError> {
    let choice = shift_ref.map_or(ShiftChoice::Device(""), ShiftChoice::Named);
    let missing = if strict {
        Missing::OpenUnlessRequired(OPEN_A_SHIFT_TO_REFUND)
    } else {
        Missing::Open
    };
    let by = ShiftUser {
        user_id: Some(admin.id),
        user_name: &admin.user_name,
    };
    let now = place.clock.now_millis();
    shifts::for_money(tx, shop_id, choice, !strict, missing, by, (now, now)).await
}

pub(super) fn number(invoice: &Invoice) -> Result<String, ServiceError> {
    invoice_number_text(invoice.invoice_number)
}

/// Only a paid invoice with money left to refund can be refunded.
fn refuse_unless_refundable(invoice: &Invoice) -> Result<(), ServiceError> {
    if invoice.is_open() {
        return Err(ServiceError::Conflict(format!(
            "Invoice {} is not paid, so it cannot be refunded",
            number(invoice)?
        )));
    }
    if invoice.status == status::REFUNDED {
        return Err(ServiceError::Conflict(format!(
            "Invoice {} is already fully refunded",
            number(invoice)?
        )));
    }
    Ok(())
}

/// Core's verdicts on a refund are all about the request (too much, too many units, a line
/// that is not on the invoice): 400 with core's message.
fn bad_request(error: CoreError) -> ServiceError {
    ServiceError::Invalid(error.message().to_owned())
}

fn by_amount(invoice: &Invoice, amount: Decimal) -> Result<Plan, ServiceError> {
    let planned = refund_by_amount(RefundByAmountInput {
        paid: money(invoice.total_amount_cents),
        already_refunded: money(invoice.refunded_cents),
        amount,
    })
    .map_err(bad_request)?;
    Ok(Plan {
        amount: planned.accepted,
        refunded_total: planned.refunded_total,
        fully_refunded: planned.fully_refunded,
        lines: Vec::new(),
        back_to: Vec::new(),
        drawn: Vec::new(),
    })
}

fn by_lines(
    invoice: &Invoice,
    lines: Vec<InvoiceLine>,
    items: &[LineRefund],
) -> Result<Plan, ServiceError> {
    // Checked here so the messages name the body's fields (core names its own `request[i]`).
    let mut chosen = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let line = lines
            .iter()
            .find(|line| line.product_id == item.product_id)
            .ok_or_else(|| {
                ServiceError::Invalid(format!(
                    "products[{index}].productId is not a product of this invoice"
                ))
            })?;
        if chosen
            .iter()
            .any(|(seen, _): &(&InvoiceLine, Decimal)| seen.id == line.id)
        {
            return Err(ServiceError::Invalid(format!(
                "products[{index}] names a product already in the request"
            )));
        }
        pos_core::validation::unit_quantity(
            "quantity",
            item.quantity,
            line.unit,
            pos_core::validation::QuantityRule::Positive,
        )?;
        chosen.push((line, item.quantity));
    }
    let planned = refund_by_lines(RefundByLinesInput {
        lines: lines.iter().map(refund_line).collect(),
        redeem_amount: money(invoice.redeem_cents),
        already_refunded: money(invoice.refunded_cents),
        request: items
            .iter()
            .map(|item| RefundRequestItem {
                line_id: None,
                product_id: Some(item.product_id.to_string()),
                quantity: item.quantity,
            })
            .collect(),
    })
    .map_err(bad_request)?;
    let refunded_lines = chosen
        .into_iter()
        .map(|(line, quantity)| (line.clone(), quantity))
        .collect();
    Ok(Plan {
        amount: planned.amount,
        refunded_total: planned.refunded_total,
        fully_refunded: planned.fully_refunded,
        lines: refunded_lines,
        back_to: Vec::new(),
        drawn: Vec::new(),
    })
}

fn refund_line(line: &InvoiceLine) -> RefundInvoiceLine {
    RefundInvoiceLine {
        line_id: Some(line.id.to_string()),
        product_id: line.product_id.to_string(),
        product_name: line.product_name.clone(),
        quantity: line.quantity,
        total: line.total,
        refunded_quantity: line.refunded_quantity,
    }
}

/// Writes the plan: the invoice's refunded total and status, the lines' refunded units and the
/// restock, and the loyalty rows. Answers the points reversed and restored now (cents).
async fn apply(
    tx: &mut AnyConnection,
    invoice: &Invoice,
    plan: &Plan,
    now: i64,
) -> Result<(i64, i64), ServiceError> {
    let shop_id = invoice.shop_id;
    let refunded_cents = to_scaled(plan.refunded_total, CENTS)?;
    refunds::store_refunded_total(
        &mut *tx,
        shop_id,
        invoice.id,
        refunded_cents,
        plan.fully_refunded,
        now,
    )
    .await?;
    for (line, quantity) in &plan.lines {
        let refunded_e3 = to_scaled(line.refunded_quantity + quantity, E3)?;
        refunds::store_line_refunded(&mut *tx, shop_id, line.id, refunded_e3).await?;
        if !line.custom_product {
            let quantity_e3 = to_scaled(*quantity, E3)?;
            refunds::restock(&mut *tx, shop_id, line.product_id, quantity_e3, now).await?;
        }
    }
    let (reversed_before, restored_before) =
        refunds::points_so_far(&mut *tx, shop_id, invoice.id).await?;
    let reversal = reverse_loyalty(ReverseLoyaltyInput {
        invoice_id: invoice.id.to_string(),
        points_earned: money(invoice.points_earned_cents),
        points_redeemed: money(invoice.redeem_cents),
        paid: money(invoice.total_amount_cents),
        refunded_total: plan.refunded_total,
        already_reversed: money(reversed_before),
        already_restored: money(restored_before),
        fully_refunded: plan.fully_refunded,
    })
    .map_err(ServiceError::invariant)?;
    if let Some(customer_id) = invoice.customer_id {
        let customer = ShopCustomer {
            shop_id,
            customer_id,
        };
        insert_ledger_entries(&mut *tx, customer, invoice.id, &reversal.entries, now).await?;
    }
    Ok((
        to_scaled(reversal.reverse_points, CENTS)?,
        to_scaled(reversal.restore_points, CENTS)?,
    ))
}
