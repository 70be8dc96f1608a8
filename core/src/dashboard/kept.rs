//! What a paid invoice still counts for on the dashboard: its kept amount (what was paid less
//! what was refunded), and that amount spread over its lines for the category chart.
//!
//! A line's part of the kept amount follows what the line still holds. First the redemption is
//! spread over the lines in proportion to their totals (as refunds by line do), giving each line's
//! share of what was paid (`linePaid`); a line with `n` of its `Q` units refunded still holds
//! `linePaid x (Q - n) / Q`. The kept amount is then spread over the lines in proportion to what
//! they hold ([`crate::money::allocate`], largest remainder), so the parts always add up to the
//! kept amount to the cent:
//!
//! - nothing refunded: each line counts its `linePaid` exactly;
//! - a line returned in full counts 0, and the others keep their `linePaid`;
//! - a refund by amount lowers every line in proportion;
//! - a fully refunded invoice counts 0 everywhere.

use rust_decimal::Decimal;

use crate::money::allocate;

/// One invoice line as the dashboard needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeptLine {
    /// The line's total (after discount and tax, before the redemption).
    pub total: Decimal,
    pub quantity: Decimal,
    pub refunded_quantity: Decimal,
}

/// An invoice's kept amount: `paid - refunded`, never below zero.
pub fn kept_amount(paid: Decimal, refunded: Decimal) -> Decimal {
    (paid - refunded).max(Decimal::ZERO)
}

/// Spreads `kept` over `lines` (module docs); `redeemed` is the invoice's redemption. The
/// answer has one amount per line, in order, and adds up to `kept` rounded to cents.
///
/// Example: A 3 units `60.00`, B 1 unit `40.00`, `10.00` redeemed, so A's `linePaid` is `54.00`
/// and B's `36.00`. After 1 unit of A came back (`18.00` refunded, `72.00` kept), A holds
/// `36.00` and B `36.00`: `[36.00, 36.00]`. After a further `7.20` refunded by amount
/// (`64.80` kept): `[32.40, 32.40]`.
pub fn kept_line_amounts(lines: &[KeptLine], redeemed: Decimal, kept: Decimal) -> Vec<Decimal> {
    let totals: Vec<Decimal> = lines.iter().map(|line| line.total).collect();
    let redemption = allocate(redeemed, &totals);
    let holding: Vec<Decimal> = lines
        .iter()
        .zip(redemption)
        .map(|(line, redeemed_share)| {
            let line_paid = line.total - redeemed_share;
            if line.quantity <= Decimal::ZERO {
                return Decimal::ZERO;
            }
            let left = (line.quantity - line.refunded_quantity).max(Decimal::ZERO);
            line_paid * left / line.quantity
        })
        .collect();
    allocate(kept, &holding)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::dec;

    fn line(total: Decimal, quantity: Decimal, refunded_quantity: Decimal) -> KeptLine {
        KeptLine {
            total,
            quantity,
            refunded_quantity,
        }
    }

    #[test]
    fn nothing_refunded_counts_each_line_paid_share() {
        let lines = [
            line(dec!(60), dec!(3), dec!(0)),
            line(dec!(40), dec!(1), dec!(0)),
        ];
        assert_eq!(
            kept_line_amounts(&lines, dec!(10), dec!(90)),
            [dec!(54.00), dec!(36.00)]
        );
        assert_eq!(
            kept_line_amounts(&lines, dec!(0), dec!(100)),
            [dec!(60.00), dec!(40.00)]
        );
    }

    #[test]
    fn refunds_lower_the_lines_that_came_back_then_every_line() {
        let lines = [
            line(dec!(60), dec!(3), dec!(1)),
            line(dec!(40), dec!(1), dec!(0)),
        ];
        assert_eq!(
            kept_line_amounts(&lines, dec!(10), dec!(72)),
            [dec!(36.00), dec!(36.00)]
        );
        assert_eq!(
            kept_line_amounts(&lines, dec!(10), dec!(64.80)),
            [dec!(32.40), dec!(32.40)]
        );
        let returned = [
            line(dec!(60), dec!(3), dec!(3)),
            line(dec!(40), dec!(1), dec!(0)),
        ];
        assert_eq!(
            kept_line_amounts(&returned, dec!(0), dec!(40)),
            [dec!(0.00), dec!(40.00)]
        );
    }

    #[test]
    fn parts_always_add_up_to_the_kept_amount() {
        let lines = [
            line(dec!(10), dec!(3), dec!(1)),
            line(dec!(0.01), dec!(1), dec!(0)),
            line(dec!(7.77), dec!(2.5), dec!(0.5)),
        ];
        for kept in [dec!(0), dec!(0.01), dec!(5.55), dec!(12.34)] {
            let parts = kept_line_amounts(&lines, dec!(1.23), kept);
            assert_eq!(parts.iter().copied().sum::<Decimal>(), kept, "kept {kept}");
        }
        assert_eq!(
            kept_line_amounts(&lines, dec!(0), dec!(0)),
            [dec!(0), dec!(0), dec!(0)]
        );
        assert_eq!(kept_amount(dec!(90), dec!(18)), dec!(72));
        assert_eq!(kept_amount(dec!(90), dec!(90)), dec!(0));
    }
}
