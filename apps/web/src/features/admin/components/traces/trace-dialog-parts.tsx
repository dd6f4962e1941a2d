import type { AdminTraceView } from '@copytrade/contracts';
import type { ComponentPropsWithRef } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';

/** The Traces tab's dialogs about one trace: open while `trace` is set, acting as the admin `userId`. */
export interface TraceDialogProps {
  trace: AdminTraceView | null;
  onClose: () => void;
  userId: string;
}

/** A user id (uuid) field: monospaced, no autocomplete or spelling help. Name it with a <Label htmlFor>. */
export function UserIdInput(props: Omit<ComponentPropsWithRef<'input'>, 'className' | 'placeholder'>) {
  return (
    <Input
      required
      autoComplete="off"
      spellCheck={false}
      className="admin-input--id"
      placeholder="00000000-0000-0000-0000-000000000000"
      {...props}
    />
  );
}

/** The end of a dialog's form: its error (an alert), Cancel and the submit button, both disabled while pending. */
export function DialogFormFooter({
  error,
  pending,
  onCancel,
  submitLabel,
  pendingLabel,
}: {
  error: string | null;
  pending: boolean;
  onCancel: () => void;
  submitLabel: string;
  pendingLabel: string;
}) {
  return (
    <>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
