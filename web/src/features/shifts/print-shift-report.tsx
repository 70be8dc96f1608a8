import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ShiftReportSheet, type ShiftReportSheetProps } from './shift-report-sheet';

/** How a print is sent to the browser; tests pass their own. */
export interface PrintTarget {
  print: () => void;
  document: Document;
}

const browserTarget = (): PrintTarget => ({ print: () => window.print(), document });

/**
 * Prints a shift's X or Z report on its own: the sheet is rendered into a print copy under
 * <body> (the print stylesheet hides everything else, as for receipts), the browser's print
 * dialog is opened, and the copy is removed once printing is done. On the 80 mm roll the page
 * is as long as the report.
 */
export function printShiftReport(props: ShiftReportSheetProps, target: PrintTarget = browserTarget()): void {
  const copy = target.document.createElement('div');
  copy.className = 'print-copy';
  copy.dataset.shiftReport = props.kind;
  target.document.body.append(copy);
  const root = createRoot(copy);
  flushSync(() => root.render(<ShiftReportSheet {...props} />));
  try {
    target.print();
  } finally {
    // window.print() returns once the dialog is closed (printed or cancelled).
    root.unmount();
    copy.remove();
  }
}
