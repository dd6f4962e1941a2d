import { TracesMessages } from '@copytrade/contracts/http/traces/traces.rules';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Field, Label } from '@/components/ui/label';
import { formatHandle } from '@/lib/format/profile';
import { useUpdateTraceOwner } from '../../api/update-trace-owner';
import { AdminFallbacks, toastAdminError, toastAdminSuccess } from '../admin-toasts';
import { DialogFormFooter, UserIdInput, type TraceDialogProps } from './trace-dialog-parts';

/** 'Change owner' of one trace: the new owner's user id → POST /api/admin/update-trace-owner. */
export function ChangeOwnerDialog({ trace, onClose, userId }: TraceDialogProps) {
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
          <UserIdInput
            id={`${id}-owner`}
            name="newOwnerId"
            value={newOwnerId}
            onChange={(event) => setNewOwnerId(event.target.value)}
            aria-invalid={formError ? true : undefined}
          />
        </Field>
        <DialogFormFooter
          error={formError}
          pending={update.isPending}
          onCancel={close}
          submitLabel="Update Owner"
          pendingLabel="Updating..."
        />
      </form>
    </Dialog>
  );
}
