import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Button } from '../../ui/Button.tsx';

interface ItemControlsProps {
  /** The item's name as the buttons say it ("Move "Is DDoS protection included?" up"). */
  name: string;
  canUp: boolean;
  canDown: boolean;
  onMove: (by: -1 | 1) => void;
  /** Unset: the item cannot be removed here. */
  onRemove?: () => void;
}

/** An item's buttons in an edited list: up, down and remove, each named for the item. */
export function ItemControls({ name, canUp, canDown, onMove, onRemove }: ItemControlsProps) {
  return (
    <div className="flex gap-1">
      <Button variant="ghost" size="sm" disabled={!canUp} onClick={() => onMove(-1)} aria-label={`Move ${name} up`}>
        <ArrowUp aria-hidden="true" className="size-4" />
      </Button>
      <Button variant="ghost" size="sm" disabled={!canDown} onClick={() => onMove(1)} aria-label={`Move ${name} down`}>
        <ArrowDown aria-hidden="true" className="size-4" />
      </Button>
      {onRemove ? (
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${name}`}>
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      ) : null}
    </div>
  );
}
