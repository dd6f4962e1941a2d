import { useNavigate } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CalendarIcon, CheckIcon, ClockIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatLaunchDate, formatLaunchTime, nextBetaLaunch } from '@/lib/launch-time';

const COMING_MONDAY = ['Full trading platform access', 'Social trading features', 'Portfolio analytics and insights'];

/** The maintenance screen (docs/product.md#maintenance-screen): replaces all content while Beta Launch Mode is on. */
export function MaintenanceScreen({ now = new Date() }: { now?: Date }) {
  const navigate = useNavigate();
  const launch = nextBetaLaunch(now);

  return (
    <main className="maintenance">
      <title>Beta Launch Coming Soon · CopyTrade</title>
      <div className="maintenance__panel">
        <Badge variant="new">Closed Beta</Badge>
        <h1 className="maintenance__title">Beta Launch Coming Soon</h1>
        <p className="maintenance__lead">
          Our beta launches Monday at 9:00 AM EST for registered users. We&apos;re putting the finishing touches on the
          platform until then.
        </p>

        <div className="maintenance__cards">
          <Card aria-labelledby="launch-details-title">
            <CardHeader>
              <CardTitle id="launch-details-title">Launch Details</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="details-list">
                <div className="details-list__row">
                  <dt>
                    <CalendarIcon /> Date
                  </dt>
                  <dd>{formatLaunchDate(launch)}</dd>
                </div>
                <div className="details-list__row">
                  <dt>
                    <ClockIcon /> Time
                  </dt>
                  <dd>{formatLaunchTime(launch)}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>

          <Card aria-labelledby="coming-monday-title">
            <CardHeader>
              <CardTitle id="coming-monday-title">What&apos;s Coming Monday</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="check-list">
                {COMING_MONDAY.map((item) => (
                  <li key={item}>
                    <CheckIcon className="check-list__icon" /> {item}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>

        <Button variant="primary" size="lg" onClick={() => navigate(paths.home.getHref())}>
          Back to Beta Entry
        </Button>
      </div>
    </main>
  );
}
