import { TillDialog } from './till-dialog';
import { TILL_KEYS } from './till-keys';

/** The till's keys (`?`), as a list a cashier reads once. */
export function TillKeysHelp({ onClose }: { onClose: () => void }) {
  return (
    <TillDialog title="Keyboard shortcuts" onClose={onClose}>
      <dl className="till-keys">
        {TILL_KEYS.map(({ key, action }) => (
          <div key={key} className="till-keys__row">
            <dt>
              <kbd className="till-keys__key">{key}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </TillDialog>
  );
}
