import { useEffect, useId, useState, type FormEvent } from 'react';
import { FormAlert, RadioGroup, SubmitButton, TextAreaField } from '@/components/form';
import { Screen, ScreenPanel } from '@/components/screen';
import { messages } from '@/config/messages';
import { validateField } from '@/lib/core';
import { notify } from '@/lib/notify';
import { useAuthStore } from '@/stores/auth-store';
import { useReceiptStore } from './receipt-store';
import { errorMessage } from '@/lib/api-client';
import { getReceiptSettings, saveReceiptSettings, type ReceiptPaper, type ReceiptSettings } from '../api/receipt-settings';
import { ReceiptLayout } from '../invoices/receipt';
import type { Invoice } from '@/types/invoice';
import { CashRoundingSetting } from './cash-rounding-setting';
import './receipt-settings.css';
import { useShopSession } from '@/features/auth';

const papers: { value: ReceiptPaper; label: string; description: string }[] = [
  { value: '80mm', label: '80 mm roll', description: 'A receipt printer: one narrow column.' },
  { value: 'a4', label: 'A4 sheet', description: 'An office printer: the same receipt on a full page.' },
];

/** The core's message for a field, or null (the same rule the server applies). */
const coreMessage = (field: 'address' | 'receiptFooter', value: string) => validateField({ field, value })[0]?.message ?? null;

/** A receipt with no lines, to show the header and footer as they will print. */
function sampleReceipt(at: number): Invoice {
  return {
    _id: 'sample',
    invoiceNumber: 'INV-000123',
    status: 'paid',
    createdAt: at,
    updatedAt: at,
    paidAt: at,
    staff: 'Cashier (staff)',
    staffId: null,
    customer: null,
    customerDetailsCustom: null,
    products: [],
    subTotal: '0',
    totalDiscount: '0',
    totalTax: '0',
    redeemAmount: '0',
    totalAmount: '0',
    pointsEarned: '0',
    refundedAmount: '0',
    paymentMethod: 'cash',
    cardStatus: null,
  };
}

/**
 * /admin/receipt: what the shop's receipts print besides the sale (docs/counter.md, "Receipts"):
 * the address, a footer, and the printer's paper, with a preview of the receipt as it will
 * print; and, under "Payments", the shop's cash rounding. The shop's name and phone number are
 * the super admin's to change.
 */
export function ReceiptSettingsPage() {
  const addressId = useId();
  const footerId = useId();
  const session = useShopSession();
  const shopId = useAuthStore((state) => state.shopData?._id ?? null);
  const [loaded, setLoaded] = useState<ReceiptSettings | null>(null);
  const [address, setAddress] = useState('');
  const [footer, setFooter] = useState('');
  const [paper, setPaper] = useState<ReceiptPaper>('80mm');
  const [errors, setErrors] = useState<{ address: string | null; footer: string | null }>({ address: null, footer: null });
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);
  const [sample] = useState(() => sampleReceipt(Date.now()));

  useEffect(() => {
    const controller = new AbortController();
    getReceiptSettings(controller.signal).then(
      (settings) => {
        setLoaded(settings);
        setAddress(settings.address);
        setFooter(settings.receiptFooter);
        setPaper(settings.receiptPaper);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure(errorMessage(error, messages.receiptSettingsFailed));
      },
    );
    return () => controller.abort();
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || !loaded) return;
    const found = { address: coreMessage('address', address), footer: coreMessage('receiptFooter', footer) };
    setErrors(found);
    if (found.address || found.footer) {
      document.getElementById(found.address ? addressId : footerId)?.focus();
      return;
    }
    setPending(true);
    setFailure('');
    try {
      const saved = await saveReceiptSettings({ address, receiptFooter: footer, receiptPaper: paper });
      setLoaded(saved);
      if (shopId) useReceiptStore.getState().remember(shopId, saved);
      notify.success(messages.receiptSaved);
    } catch (error) {
      setFailure(errorMessage(error, messages.receiptSettingsFailed));
    } finally {
      setPending(false);
    }
  }

  const draft: ReceiptSettings | null = loaded && { ...loaded, address, receiptFooter: footer, receiptPaper: paper };
  return (
    <Screen title="Receipt" description="What every receipt of the shop prints above and below the sale, and the paper your printer takes.">
      <div className="receipt-settings">
        <ScreenPanel>
          <form className="catalog-form" onSubmit={handleSubmit} noValidate aria-busy={pending || !loaded}>
            <TextAreaField
              id={addressId}
              label="Address"
              value={address}
              onValueChange={(value) => {
                setAddress(value);
                setErrors((shown) => ({ ...shown, address: null }));
              }}
              error={errors.address}
              hint="Printed under the shop’s name, one or more lines (at most 200 characters)."
              rows={3}
              maxLength={200}
              disabled={!loaded}
            />
            <TextAreaField
              id={footerId}
              label="Footer"
              value={footer}
              onValueChange={(value) => {
                setFooter(value);
                setErrors((shown) => ({ ...shown, footer: null }));
              }}
              error={errors.footer}
              hint="Printed at the end, e.g. “Thank you! Exchanges within 14 days with this receipt.”"
              rows={3}
              maxLength={200}
              disabled={!loaded}
            />
            <RadioGroup name="receiptPaper" legend="Paper" value={paper} onValueChange={setPaper} options={papers} />
            <FormAlert message={failure} />
            <div className="form-actions">
              <SubmitButton pending={pending} pendingLabel="Saving…" block={false}>
                Save
              </SubmitButton>
            </div>
          </form>
        </ScreenPanel>
        <ScreenPanel>
          <h2 className="receipt-settings__preview-title">Preview</h2>
          {draft && (
            <div className={`receipt-settings__preview receipt-settings__preview--${draft.receiptPaper}`}>
              <ReceiptLayout invoice={sample} shopName={session.shopName} currencyCode={session.currencyCode} timeZone={session.timeZone} settings={draft} />
            </div>
          )}
        </ScreenPanel>
        <ScreenPanel>
          <CashRoundingSetting />
        </ScreenPanel>
      </div>
    </Screen>
  );
}
