import { MAINTENANCE_EXEMPT_PATHS } from '@copytrade/contracts/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import { useMaintenanceStatus } from '../api/get-maintenance-status';
import { useSetMaintenanceMode } from '../api/set-maintenance-mode';
import { useLaunchCountdown } from '../hooks/use-launch-countdown';
import { LaunchCountdown } from './launch-countdown';

export const SET_MAINTENANCE_FAILED = 'Failed to update maintenance mode';

/** The admin's Beta Launch Mode switch, bound to the server's maintenance status (see docs/product.md#admin-panel). */
export function BetaLaunchModeCard() {
  const titleId = useId();
  const stateId = useId();
  const queryClient = useQueryClient();
  const status = useMaintenanceStatus();
  const setMode = useSetMaintenanceMode({
    mutationConfig: {
      onSuccess: (response) => {
        toast.success(
          response.message || `Beta Launch Mode ${response.isMaintenanceModeEnabled ? 'enabled' : 'disabled'}`,
        );
      },
      onError: (error) => {
        // A 429 is ignored; anything else is logged (default message) and shown (see docs/product.md#error-messages).
        if (isApiError(error) && error.status === 429) {
          console.warn('Setting maintenance mode was rate limited (429); ignored.');
          return;
        }
        const message = (isApiError(error) && error.serverMessage) || SET_MAINTENANCE_FAILED;
        console.error(message, error);
        toast.error('Error', { description: message });
        if (isApiError(error) && error.status === 401) {
          void queryClient.invalidateQueries({ queryKey: authKeys.session() });
        }
      },
    },
  });

  const enabled = status.data?.isMaintenanceModeEnabled;

  return (
    <Card aria-labelledby={titleId} className="beta-launch-card">
      <CardHeader>
        <div className="card__header-row">
          <CardTitle id={titleId}>Beta Launch Mode</CardTitle>
          {enabled !== undefined ? (
            <Badge variant={enabled ? 'warning' : 'muted'}>{enabled ? 'On' : 'Off'}</Badge>
          ) : null}
        </div>
        <CardDescription>
          While on, everyone except admins sees the &apos;Beta Launch Coming Soon&apos; screen on every page except{' '}
          {MAINTENANCE_EXEMPT_PATHS.join(', ')}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <div className="switch-row" aria-busy="true">
            <Skeleton width={40} height={22} />
            <span className="muted">Loading Beta Launch Mode status…</span>
          </div>
        ) : enabled === undefined ? (
          <div className="inline-error">
            <p role="alert">Couldn&apos;t load the Beta Launch Mode status.</p>
            <Button size="sm" variant="outline" onClick={() => void status.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <>
            <div className="switch-row">
              <Switch
                checked={enabled}
                aria-labelledby={titleId}
                aria-describedby={stateId}
                aria-busy={setMode.isPending || undefined}
                disabled={setMode.isPending}
                onCheckedChange={(next) => setMode.mutate({ enabled: next })}
              />
              <span id={stateId} className="switch-row__state">
                {setMode.isPending
                  ? 'Saving…'
                  : enabled
                    ? 'On: visitors see the launch screen'
                    : 'Off: the app is open to beta users'}
              </span>
            </div>
            {status.isError ? (
              <p className="muted small">Couldn&apos;t refresh the status; showing the last known value.</p>
            ) : null}
            {enabled ? <LaunchBanner /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function LaunchBanner() {
  const { remaining } = useLaunchCountdown();
  return (
    <div className="launch-banner">
      <p className="launch-banner__title">Beta Launch Monday at 9 AM</p>
      <LaunchCountdown remaining={remaining} />
    </div>
  );
}
