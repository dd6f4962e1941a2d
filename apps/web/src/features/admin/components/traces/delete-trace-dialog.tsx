import { TracesMessages } from '@copytrade/contracts/http/traces/traces.rules';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { formatHandle } from '@/lib/format/profile';
import { useDeleteTrace } from '../../api/delete-trace';
import { AdminFallbacks, toastAdminError, toastAdminSuccess } from '../admin-toasts';
import type { TraceDialogProps } from './trace-dialog-parts';

/**
 * The confirmation before deleting a trace. The server refuses while it is the onboarding trader; that
 * refusal is shown as the 'Error' toast with the server's message.
 */
export function DeleteTraceDialog({ trace, onClose, userId }: TraceDialogProps) {
  const remove = useDeleteTrace();

  const confirm = () => {
    if (!trace || remove.isPending) return;
    remove.mutate(
      { userId, traceId: trace.id },
      {
        onSuccess: (response) => toastAdminSuccess(response.message || TracesMessages.traceDeleted),
        onError: (error) => toastAdminError(error, AdminFallbacks.deleteTrace),
        onSettled: () => onClose(),
      },
    );
  };

  return (
    <Dialog
      open={trace !== null}
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
      title="Delete Trace"
      description={
        trace
          ? `Delete ${trace.name} (${formatHandle(trace.handle)})? Its active subscriptions end, and its tiers, trades and posts are deleted. This cannot be undone.`
          : undefined
      }
      initialFocusSelector="[data-autofocus]"
    >
      {trace?.isOnboardingTrader ? (
        <p className="alert alert--warning small">
          This trace is the onboarding trader: the server refuses to delete it until another trace is set.
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={remove.isPending} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete Trace'}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
