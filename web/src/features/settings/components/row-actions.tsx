import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/** Move up / move down buttons for an ordered list (keyboard and screen-reader friendly). */
export function MoveButtons({
  label,
  index,
  count,
  onMove,
  disabled,
}: {
  label: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  disabled?: boolean;
}) {
  return (
    <span className="inline-flex gap-1">
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`Move ${label} up`}
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`Move ${label} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
    </span>
  );
}

/** Remove with an inline confirmation: the first press asks, the second removes. */
export function RemoveButton({ label, onRemove }: { label: string; onRemove: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking) {
    return (
      <Button variant="outline" size="sm" aria-label={`Remove ${label}`} onClick={() => setAsking(true)}>
        Remove
      </Button>
    );
  }
  return (
    <span className="inline-flex gap-1">
      <Button
        variant="destructive"
        size="sm"
        disabled={busy}
        aria-label={`Confirm removing ${label}`}
        onClick={async () => {
          setBusy(true);
          try {
            await onRemove();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        Confirm remove
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
        Cancel
      </Button>
    </span>
  );
}
