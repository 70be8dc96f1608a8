/**
 * The admin's switch for the shop's shift rule: off (the default), a till's first sale opens its
 * shift by itself with a float of 0, counted at the close; on, a till must open a shift with
 * the float counted before it sells ("Open a shift before selling").
 */
import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useServerData } from '@/lib/use-server-data';
import { getShiftSettings, saveShiftSettings, shiftSettingsFailed } from './api/shift-settings';
import '@/components/permission-grid/permission-grid.css';

const LABEL = 'Selling needs an open shift';

export function ShiftRuleSwitch() {
  const load = useCallback((signal: AbortSignal) => getShiftSettings(signal), []);
  const settings = useServerData(load, shiftSettingsFailed);
  const [saving, setSaving] = useState<boolean | null>(null);
  if (settings.state.status !== 'ready') return null;
  const on = saving ?? settings.state.data.requireOpenShift;

  async function toggle() {
    if (saving !== null) return;
    const wanted = !on;
    setSaving(wanted);
    try {
      const saved = await saveShiftSettings({ requireOpenShift: wanted });
      settings.update(() => saved);
      notify.success(saved.requireOpenShift ? 'Selling now needs an open shift' : 'A till’s first sale now opens its shift');
    } catch (error) {
      notify.error(errorMessage(error, 'Failed to save the shift settings!'));
    } finally {
      setSaving(null);
    }
  }

  return (
    <div className="shift-rule">
      <button
        type="button"
        role="switch"
        className="permission-switch"
        aria-checked={on}
        aria-label={LABEL}
        aria-busy={saving !== null || undefined}
        onClick={() => void toggle()}
      >
        <span className="permission-switch__track" aria-hidden="true">
          <span className="permission-switch__thumb" />
        </span>
      </button>
      <span className="shift-rule__words">
        <strong>{LABEL}</strong>
        <span>{on ? 'A till sells only once its shift is open with the float counted.' : 'Off: a till’s first sale opens its shift, with the float counted at the close.'}</span>
      </span>
    </div>
  );
}
