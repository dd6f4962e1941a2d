import { useId } from 'react';
import { TitledCard } from '@/components/ui/card';
import { ClockIcon } from '@/components/ui/icons';

/** A section that is not built yet, said plainly (docs/product.md#owner-dashboard). */
export function ComingSoon({ title, text }: { title: string; text: string }) {
  const titleId = useId();
  return (
    <TitledCard titleId={titleId} title={title} titleAs="h2">
      <div className="empty-state">
        <ClockIcon size={20} className="empty-state__icon" />
        <p className="empty-state__title">Coming soon</p>
        <p className="empty-state__text">{text}</p>
      </div>
    </TitledCard>
  );
}
