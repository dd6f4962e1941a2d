import { ChartIcon, CopyIcon, ShieldIcon, UsersIcon } from '@/components/ui/icons';

const POINTS = [
  {
    icon: CopyIcon,
    title: 'Copy trading',
    text: 'Mirror the trades of traders you trust, straight into your own brokerage account.',
  },
  {
    icon: ChartIcon,
    title: 'Real-time analytics',
    text: 'Live positions, performance and P&L for every trace you follow.',
  },
  {
    icon: UsersIcon,
    title: 'Social by design',
    text: 'Follow traces, join tiers and see what the community is trading.',
  },
  {
    icon: ShieldIcon,
    title: 'Your account, your control',
    text: 'Set default and maximum copy amounts; nothing trades without your link.',
  },
] as const;

/** The marketing panel of the beta request page (docs/product.md#beta-code-pages). */
export function BetaMarketingPanel() {
  return (
    <section className="marketing" aria-labelledby="marketing-title">
      <p className="marketing__eyebrow">Closed Beta</p>
      <h1 id="marketing-title" className="marketing__title">
        The Future of Trading is Connected.
      </h1>
      <p className="marketing__lead">
        CopyTrade links your brokerage account to the traders you follow. Request a beta code to get early access.
      </p>
      <ul className="marketing__points">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="marketing__point">
            <Icon size={18} className="marketing__icon" />
            <div>
              <p className="marketing__point-title">{title}</p>
              <p className="marketing__point-text">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
