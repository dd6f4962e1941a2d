import type { FollowerGuardsView } from '@copytrade/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { useResumeAllAutoCopy, useStopAllAutoCopy } from '../api/follower-guards';

const FAILED = 'Automatic copying could not be changed. Try again.';
const errorText = (error: unknown) => (isApiError(error) && error.serverMessage) || FAILED;

const stoppedSince = (iso: string | null): string => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime())
    ? ` since ${date.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}`
    : '';
};

/**
 * The kill switch: stops every automatic copy at once (copying by hand and the subscriptions stay), optionally asking
 * for the automatic copies held to be closed too; while stopped, a Resume.
 */
export function AutoCopyStopControl({ guards }: { guards: FollowerGuardsView }) {
  const id = useId();
  const [closeCopies, setCloseCopies] = useState(false);
  const stop = useStopAllAutoCopy();
  const resume = useResumeAllAutoCopy();
  const busy = stop.isPending || resume.isPending;

  if (guards.autoCopyStopped) {
    return (
      <div className="guards-stop guards-stop--stopped" role="group" aria-labelledby={`${id}-label`}>
        <div className="setting-row__text">
          <p className="setting-row__label" id={`${id}-label`}>
            Automatic copying is stopped{stoppedSince(guards.autoCopyStoppedAt)}
          </p>
          <p className="setting-row__description">
            Nothing is copied automatically for any trace. You can still copy a trade yourself.
          </p>
        </div>
        <Button
          variant="primary"
          size="sm"
          disabled={busy}
          onClick={() =>
            resume.mutate(undefined, { onError: (error) => toast.error('Error', { description: errorText(error) }) })
          }
        >
          {resume.isPending ? 'Resuming...' : 'Resume automatic copying'}
        </Button>
      </div>
    );
  }

  return (
    <div className="guards-stop" role="group" aria-labelledby={`${id}-label`}>
      <div className="setting-row__text">
        <p className="setting-row__label" id={`${id}-label`}>
          Stop all automatic copying
        </p>
        <p className="setting-row__description">
          Stops every automatic copy at once, for every trace, until you resume. Your subscriptions stay.
        </p>
        <label className="guards-choice__option">
          <input type="checkbox" checked={closeCopies} onChange={(event) => setCloseCopies(event.target.checked)} />
          And close my automatic copies
        </label>
      </div>
      <Button
        variant="danger"
        size="sm"
        disabled={busy}
        onClick={() =>
          stop.mutate(
            { closeAutomaticCopies: closeCopies },
            {
              // Closing is asked for each time: a later stop does not close copies unless ticked again.
              onSuccess: (response) => {
                setCloseCopies(false);
                // The copies are sold in the background; My Copy Trades shows each one closed as it fills.
                if (response.closingCopies > 0)
                  toast.success(
                    `Selling ${response.closingCopies} automatic ${response.closingCopies === 1 ? 'copy' : 'copies'} at market`,
                  );
              },
              onError: (error) => toast.error('Error', { description: errorText(error) }),
            },
          )
        }
      >
        {stop.isPending
          ? 'Stopping...'
          : closeCopies
            ? 'Stop all and close my automatic copies'
            : 'Stop all automatic copying'}
      </Button>
    </div>
  );
}
