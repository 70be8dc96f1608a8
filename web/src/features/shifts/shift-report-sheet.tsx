import type { ReactNode } from 'react';
import type { CashMovement, ShiftReport } from '@/lib/core';
import { dateAndTime } from '@/lib/date-text';
import { compareDecimal } from '@/lib/decimal-text';
import { money } from '@/lib/money-text';
import './shift-report-sheet.css';
import { cashDifference } from './cash-difference';

/** The shift a sheet reports: what its header prints. `Shift` of `GET /shifts` fits it. */
export interface ShiftSheetHeader {
  /** "SH-000042". */
  number: string;
  /** The till's 4 hex digits; "" for the shop's web till. */
  deviceCode: string;
  openedBy: string;
  /** Unix milliseconds. */
  openedAt: number;
  closedBy: string;
  closedAt: number | null;
  status: 'open' | 'closed';
}

export type ShiftReportKind = 'X' | 'Z';
export type ShiftReportPaper = '80mm' | 'a4';

export interface ShiftReportSheetProps {
  /** Core's `shiftReport` output: every figure printed comes from it, as written. */
  report: ShiftReport;
  shift: ShiftSheetHeader;
  shopName: string;
  /** X: the open shift so far; Z: the closed shift with the drawer's count. */
  kind: ShiftReportKind;
  paper: ShiftReportPaper;
  /** The pay ins and outs listed with their reasons (core's input `movements`); their sums are the report's. */
  movements?: readonly CashMovement[];
  /** The shop's currency code before each amount ("MVR 12.50"); left out when empty. */
  currencyCode?: string;
  /** The shop's time zone for the times (else the device's). */
  timeZone?: string;
}

const methodNames: Record<string, string> = { cash: 'Cash', 'internal-device': 'Swipe', digital: 'Card', 'store-credit': 'Store credit', 'gift-card': 'Gift card' };

function when(at: number | null, timeZone: string | undefined): string {
  if (at === null) return '—';
  const written = dateAndTime(at, timeZone);
  return written ? `${written.date} ${written.time}` : '—';
}

/**
 * The X or Z report of a shift as printed: the shop, the shift and its till, who opened and
 * closed it and when, the sales with their discounts, redemptions and tax, refunds, the totals
 * by payment method, the cash paid in and out with reasons, and the drawer: opening float,
 * expected cash, counted cash and the difference, marked over or short. Nothing is added up
 * here: every amount is core's text, written through the money formatting.
 */
export function ShiftReportSheet({
  report, shift, shopName, kind, paper, movements = [], currencyCode = '', timeZone,
}: ShiftReportSheetProps) {
  const amount = (value: string) => money(value, currencyCode);
  const title = kind === 'X' ? 'X report — not closed' : 'Z report';
  const difference = report.difference === null ? null : cashDifference(report.difference, currencyCode);
  return (
    <article className={`shift-sheet shift-sheet--${paper}`} aria-label={`${title} ${shift.number}`}>
      <header className="shift-sheet__header">
        <div className="shift-sheet__shop">{shopName}</div>
        <div className="shift-sheet__title">{title}</div>
        <div className="shift-sheet__number">Shift {shift.number}</div>
      </header>
      <Section title="Shift">
        <Line label="Till" value={shift.deviceCode || 'Web till'} />
        <Line label="Opened by" value={shift.openedBy || '—'} />
        <Line label="Opened at" value={when(shift.openedAt, timeZone)} />
        <Line label="Closed by" value={shift.closedBy || '—'} />
        <Line label="Closed at" value={when(shift.closedAt, timeZone)} />
      </Section>
      <Section title="Sales">
        <Line label="Number of sales" value={String(report.salesCount)} />
        <Line label="Gross sales" value={amount(report.grossSales)} />
        <Line label="Discounts" value={amount(report.discounts)} />
        <Line label="Redemptions" value={amount(report.redemptions)} />
        <Line label="Tax" value={amount(report.tax)} />
        <Line label="Sales" value={amount(report.netSales)} strong />
        <Line label={`Refunds (${report.refundsCount})`} value={amount(report.refunds)} />
      </Section>
      <Section title="By payment method" plain>
        <table className="shift-sheet__methods">
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col">Sales</th>
              <th scope="col">Refunds</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {report.byMethod.map((method) => (
              <tr key={method.paymentMethod}>
                <th scope="row">{methodNames[method.paymentMethod] ?? method.paymentMethod}</th>
                <td>{amount(method.sales)}</td>
                <td>{amount(method.refunds)}</td>
                <td>{amount(method.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="Cash movements">
        {movements.length === 0 && <p className="shift-sheet__none">No cash paid in or out.</p>}
        {movements.map((movement, index) => (
          <Line
            key={index}
            label={`${movement.kind === 'payIn' ? 'Pay in' : 'Pay out'}: ${movement.reason}`}
            value={`${movement.kind === 'payIn' ? '+' : '-'}${amount(String(movement.amount))}`}
          />
        ))}
        <Line label="Pay ins" value={amount(report.payIns)} />
        <Line label="Pay outs" value={amount(report.payOuts)} />
      </Section>
      <Section title="Drawer">
        <Line label="Opening float" value={amount(report.openingFloat)} />
        {compareDecimal(report.cashRounding, 0) !== 0 && <Line label="Cash rounding" value={amount(report.cashRounding)} />}
        <Line label="Expected cash" value={amount(report.expectedCash)} strong />
        {report.denominations?.map((line) => (
          <Line key={line.value} label={`${line.count} × ${amount(line.value)}`} value={amount(line.amount)} />
        ))}
        <Line label="Counted cash" value={report.countedCash === null ? 'Not counted' : amount(report.countedCash)} />
        {difference ? (
          <div className={`shift-sheet__line shift-sheet__line--strong shift-sheet__difference shift-sheet__difference--${difference.tone}`}>
            <dt>Difference</dt>
            <dd data-tone={difference.tone}>{difference.text}</dd>
          </div>
        ) : (
          <Line label="Difference" value="Not counted" />
        )}
      </Section>
    </article>
  );
}

/** A titled part of the sheet; its children are `Line`s (a definition list) unless `plain`. */
function Section({ title, plain = false, children }: { title: string; plain?: boolean; children: ReactNode }) {
  return (
    <section className="shift-sheet__section">
      <h3 className="shift-sheet__section-title">{title}</h3>
      {plain ? children : <dl className="shift-sheet__lines">{children}</dl>}
    </section>
  );
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'shift-sheet__line shift-sheet__line--strong' : 'shift-sheet__line'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
