import { Wifi, WifiOff } from 'lucide-react';
import { useOnlineStatus } from './use-online-status';
import './online-indicator.css';

interface OnlineIndicatorProps {
  /** Placement from the bar that shows it. */
  className?: string;
}

/**
 * The top bar's "Online" / "Offline" badge. A live status region, so a screen reader hears the
 * change without leaving the sale; colour is never the only cue (the text and the icon change).
 */
export function OnlineIndicator({ className }: OnlineIndicatorProps) {
  const online = useOnlineStatus();
  const state = online ? 'online' : 'offline';
  return (
    <span role="status" className={['online-indicator', `online-indicator--${state}`, className].filter(Boolean).join(' ')}>
      {online ? <Wifi aria-hidden="true" /> : <WifiOff aria-hidden="true" />}
      <span className="online-indicator__label">{online ? 'Online' : 'Offline'}</span>
    </span>
  );
}
