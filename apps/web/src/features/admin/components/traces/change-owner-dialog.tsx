import type { AdminTraceView } from '@copytrade/contracts';
import { TracesMessages } from '@copytrade/contracts/http/traces/traces.rules';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Field, Label } from '@/components/ui/label';
import { formatHandle } from '@/lib/format';
import { useUpdateTraceOwner } from '../../api/update-trace-owner';
import { AdminFallbacks, toastAdminError, toastAdminSuccess } from '../admin-toasts';

/** 'Change owner' of one trace: the new owner's user id → POST /api/admin/update-trace-owner. */
export function ChangeOwnerDialog({
  trace,
  onClose,
  userId,
}: {
  trace: AdminTraceView | null;
  onClose: () => void;
  userId: string;
}) {
  const id = useId();
  const [newOwnerId, setNewOwnerId] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateTraceOwner();

  const close = () => {
    if (update.isPending) return;
    setNewOwnerId('');
    setFormError(null);
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trace || update.isPending) return;
    if (newOwnerId.trim() === '') {
      setFormError(TracesMessages.requiredFields);
      return;
    }
    setFormError(null);
    update.mutate(
      { userId, traceId: trace.id, newOwnerId: newOwnerId.trim() },
      {
        onSuccess: (response) => {
          toastAdminSuccess(response.message || TracesMessages.ownerUpdated);
          setNewOwnerId('');
          onClose();
        },
        onError: (error) => setFormError(toastAdminError(error, AdminFallbacks.updateTraceOwner)),
      },
    );
  };

  return (
    <Dialog
      open={trace !== null}
      onClose={close}
      title="Change Owner"
      description={trace ? `Give ${trace.name} (${formatHandle(trace.handle)}) to another user.` : undefined}
    >
      <form className="form" noValidate onSubmit={onSubmit}>
        <Field>
          <span className="field__label">Current owner</span>
          <span>
            {trace?.owner.username ?? '—'}
            {trace?.owner.email ? <span className="muted"> · {trace.owner.email}</span> : null}
          </span>
          <span className="mono">{trace?.ownerId}</span>
        </Field>
        <Field>
          <Label htmlFor={`${id}-owner`}>New owner user id</Label>
          <Input
            id={`${id}-owner`}
            name="newOwnerId"
            required
            autoComplete="off"
            spellCheck={false}
            className="admin-input--id"
            placeholder="00000000-0000-0000-0000-000000000000"
            value={newOwnerId}
            onChange={(event) => setNewOwnerId(event.target.value)}
            aria-invalid={formError ? true : undefined}
          />
        </Field>
        {formError ? (
          <p className="form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={update.isPending}>
            {update.isPending ? 'Updating...' : 'Update Owner'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
