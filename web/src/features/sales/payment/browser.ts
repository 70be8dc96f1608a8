/**
 * What the payment screens ask of the browser itself: leave for Stripe's checkout page, open
 * the print dialog. One seam, so tests can watch these instead of leaving or printing.
 */
export const browser = {
  /** A full navigation: Stripe's checkout is another site. */
  goTo: (url: string) => window.location.assign(url),
  /** Prints what the print stylesheet leaves visible (the receipt's print copy). */
  print: () => window.print(),
};
