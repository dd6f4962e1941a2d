import type { UserView } from '@copytrade/contracts';
import type { ComponentType } from 'react';
import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckIcon, SparklesIcon, StarIcon, UserIcon, type IconProps } from '@/components/ui/icons';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface Activity {
  key: string;
  icon: ComponentType<IconProps>;
  title: string;
  detail: string;
}

/** A static list; the auto-subscription entry only when the user's flag is set (see docs/product.md#dashboard). */
export function activitiesOf(user: UserView): Activity[] {
  const created = new Date(user.createdAt);
  const since = Number.isNaN(created.getTime()) ? '' : dateFormat.format(created);
  const list: Activity[] = [
    {
      key: 'created',
      icon: UserIcon,
      title: 'Account created',
      detail: since ? `Joined on ${since}` : 'Welcome aboard',
    },
  ];
  if (user.autoSubscribedToTrader) {
    list.push({
      key: 'auto-subscribed',
      icon: StarIcon,
      title: 'Auto-subscribed to the designated trader',
      detail: 'Their trades appear in your feed',
    });
  }
  list.push(
    { key: 'beta', icon: CheckIcon, title: 'Beta access granted', detail: 'Your closed-beta code was accepted' },
    {
      key: 'welcome',
      icon: SparklesIcon,
      title: 'Welcome to CopyTrade',
      detail: 'Discover traders and copy their trades',
    },
  );
  return list;
}

export function RecentActivity({ user }: { user: UserView }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="activity-list" aria-labelledby={titleId}>
          {activitiesOf(user).map(({ key, icon: Icon, title, detail }) => (
            <li key={key} className="activity-list__item">
              <span className="activity-list__icon">
                <Icon size={14} />
              </span>
              <span className="activity-list__text">
                <span className="activity-list__title">{title}</span>
                <span className="activity-list__detail">{detail}</span>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
