/**
 * The shop's cash rounding, on the receipt settings page's "Payments" section: the step every
 * till rounds a sale's cash to (the invoice's total stays as priced; the difference is the
 * sale's rounding). Saved as soon as it is chosen.
 */
import { useCallback, useId, useState } from 'react';
import { FormAlert, SelectField } from '@/components/form';
import { messages } from '@/config/messages';
import { errorMessage } from '@/lib/api-client';
import { canonicalDecimal } from '@/lib/decimal-text';
import { notify } from '@/lib/notify';
import { useServerData } from '@/lib/use-server-data';
import { getPaymentSettings, savePaymentSettings } from '../api/payment-settings';

/** The steps the shop may choose, as canonical decimal text. */
const steps = [
  { value: '0', label: 'None' },
  { value: '0.05', label: '0.05' },
  { value: '0.1', label: '0.10' },
  { value: '0.25', label: '0.25' },
  { value: '0.5', label: '0.50' },
  { value: '1', label: '1.00' },
];

export function CashRoundingSetting() {
  const id = useId();
  const load = useCallback((signal: AbortSignal) => getPaymentSettings(signal), []);
  const settings = useServerData(load, messages.paymentSettingsFailed);
  const [saving, setSaving] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const state = settings.state;

  async function choose(cashRounding: string) {
    if (saving !== null) return;
    setSaving(cashRounding);
    setFailure('');
    try {
      const saved = await savePaymentSettings({ cashRounding });
      settings.update(() => saved);
      notify.success(messages.paymentSettingsSaved);
    } catch (error) {
      setFailure(errorMessage(error, messages.paymentSettingsFailed));
    } finally {
      setSaving(null);
    }
  }

  const loaded = state.status === 'ready' ? canonicalDecimal(state.data.cashRounding) : '0';
  return (
    <section className="receipt-settings__payments" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="receipt-settings__preview-title">
        Payments
      </h2>
      <SelectField
        id={id}
        label="Cash rounding"
        value={saving ?? loaded}
        onValueChange={(value) => void choose(value)}
        options={steps}
        disabled={state.status !== 'ready' || saving !== null}
        aria-busy={saving !== null || undefined}
        hint="Every till rounds the cash a sale is settled with to this step (e.g. 47.33 due as 47.35 with 0.05). Card and swipe pay exact."
      />
      <FormAlert message={state.status === 'error' ? state.message : failure} />
    </section>
  );
}
