import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';

/**
 * A venue screen's question before a tap that ends or undoes something running (complete a
 * division, close a ring, change a winner who fought on): what will happen, then "keep" or "do it"
 * (and, where there are two ways to do it, `other`: start a division with everyone rather than
 * with the absent marked as no-shows). Closing the dialog (Escape, the cross) keeps things as they are.
 */
export function ConfirmDialog({
  title,
  description,
  children,
  confirm,
  keep,
  onAnswer,
  other,
}: {
  title: string;
  description: string;
  children?: ReactNode;
  confirm: string;
  keep: string;
  onAnswer: (confirmed: boolean) => void;
  other?: { label: string; onClick: () => void } | undefined;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onAnswer(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter className="flex-wrap">
          <Button variant="outline" size="lg" onClick={() => onAnswer(false)}>
            {keep}
          </Button>
          {other && (
            <Button variant="outline" size="lg" onClick={other.onClick} data-testid="confirm-other">
              {other.label}
            </Button>
          )}
          <Button size="lg" onClick={() => onAnswer(true)} data-testid="confirm-yes">
            {confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
