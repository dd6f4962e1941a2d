import type { FollowerResultsFigures, FollowerResultsWindow } from '@copytrade/contracts';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { UsersIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format/date';
import {
  formatDelay,
  formatResultReturn,
  formatResultShare,
  formatSlippage,
  NOT_ENOUGH_COPIES,
  returnTone,
  slippageTone,
} from '@/lib/format/follower-results';
import { formatWhole } from '@/lib/format/trade';
import './follower-results.css';

/** The time frame switch, in the contract's order (FOLLOWER_RESULTS_WINDOWS). */
export const WINDOW_OPTIONS: ReadonlyArray<{ value: FollowerResultsWindow; label: string }> = [
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: 'all', label: 'All time' },
];

interface Figure {
  label: string;
  value: string;
  tone?: 'gain' | 'loss';
  /** The figure is null: shown as "Not enough copies yet", muted. */
  missing?: boolean;
  note?: ReactNode;
}

const figure = (label: string, value: number | null, format: (value: number | null) => string, tone?: Figure['tone']) =>
  ({ label, value: format(value), tone, missing: value === null }) satisfies Figure;

function FigureList({ figures, label }: { figures: Figure[]; label?: string }) {
  return (
    <dl className="follower-results__figures" aria-label={label}>
      {figures.map((item) => (
        <div key={item.label} className="follower-results__figure">
          <dt className="follower-results__label">{item.label}</dt>
          <dd className={cn('follower-results__value', item.tone, item.missing && 'follower-results__value--missing')}>
            {item.value}
          </dd>
          {item.note ? <dd className="follower-results__note">{item.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** Nothing to show: no copy was ever decided, or the time frame has no figures. */
export function NotEnoughCopies({ minCopies }: { minCopies: number }) {
  return (
    <div className="empty-state">
      <UsersIcon size={20} className="empty-state__icon" />
      <p className="empty-state__title">{NOT_ENOUGH_COPIES}</p>
      <p className="empty-state__text">
        Figures appear once followers have placed at least {formatWhole(minCopies)} copies of this trader&apos;s shared
        trades.
      </p>
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="follower-results__group" aria-labelledby={titleId}>
      <h3 id={titleId} className="follower-results__group-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One time frame's figures: copies, returns beside the trader's, then delay, slippage and automatic copying. */
function WindowFigures({ figures }: { figures: FollowerResultsFigures }) {
  return (
    <div className="follower-results__groups">
      <Group title="Copies">
        <FigureList
          figures={[
            { label: 'Followers who copied', value: formatWhole(figures.followers) },
            { label: 'Copies placed', value: formatWhole(figures.copiesPlaced) },
            { label: 'Copies skipped', value: formatWhole(figures.copiesSkipped) },
            { label: 'Copies not placed', value: formatWhole(figures.copiesNotPlaced) },
            figure('Fill rate', figures.fillRate, formatResultShare),
          ]}
        />
      </Group>
      <Group title="Returns">
        <FigureList
          figures={[
            figure(
              'Follower return (median)',
              figures.followerReturnMedian,
              formatResultReturn,
              returnTone(figures.followerReturnMedian),
            ),
            figure(
              'Follower return (90th percentile)',
              figures.followerReturnP90,
              formatResultReturn,
              returnTone(figures.followerReturnP90),
            ),
            {
              ...figure(
                "Trader's return, same trades (median)",
                figures.traderReturnMedian,
                formatResultReturn,
                returnTone(figures.traderReturnMedian),
              ),
              note: `${formatWhole(figures.closedCopies)} closed copies`,
            },
          ]}
        />
      </Group>
      <Group title="Execution">
        <FigureList
          figures={[
            figure('Delay (median)', figures.delayMedianMs, formatDelay),
            figure('Delay (95th percentile)', figures.delayP95Ms, formatDelay),
            figure('Slippage (median)', figures.slippageMedian, formatSlippage, slippageTone(figures.slippageMedian)),
            figure(
              'Slippage (95th percentile)',
              figures.slippageP95,
              formatSlippage,
              slippageTone(figures.slippageP95),
            ),
            {
              ...figure('Copied automatically', figures.autoCopiedShare, formatResultShare),
              note: `of ${formatWhole(figures.sharedTrades)} shared ${figures.sharedTrades === 1 ? 'trade' : 'trades'}`,
            },
          ]}
        />
      </Group>
    </div>
  );
}

/** When the figures were computed (the copy engine recomputes them as copies are decided). */
function UpdatedAt({ computedAt }: { computedAt: string }) {
  return <p className="muted small">Updated {formatDateTime(computedAt)}</p>;
}

/** What both the full panel and the public summary are given: a trace's FollowerResultsView, less `summaryOnly`. */
interface FollowerResultsProps {
  windows: FollowerResultsFigures[];
  computedAt: string | null;
  minCopies: number;
}

/**
 * Every time frame's figures behind a 30 days / 90 days / All time switch (All time first shown: the figure discovery
 * and the public view show). `computedAt` null: nothing computed yet, the whole panel says "Not enough copies yet".
 */
export function FollowerResultsPanel({ windows, computedAt, minCopies }: FollowerResultsProps) {
  const [selected, setSelected] = useState<FollowerResultsWindow>('all');
  if (computedAt === null) return <NotEnoughCopies minCopies={minCopies} />;
  const figures = windows.find((each) => each.window === selected);
  return (
    <div className="follower-results">
      <div className="follower-results__switch" role="group" aria-label="Time frame">
        {WINDOW_OPTIONS.map((option) => (
          <Button
            key={option.value}
            size="sm"
            variant={selected === option.value ? 'primary' : 'ghost'}
            aria-pressed={selected === option.value}
            onClick={() => setSelected(option.value)}
          >
            {option.label}
          </Button>
        ))}
      </div>
      {figures ? <WindowFigures figures={figures} /> : <NotEnoughCopies minCopies={minCopies} />}
      <UpdatedAt computedAt={computedAt} />
    </div>
  );
}

/**
 * The public view's summary: the 'all' time frame's median follower return beside the trader's, the fill rate and
 * the median slippage.
 */
export function FollowerResultsSummary({ windows, computedAt, minCopies }: FollowerResultsProps) {
  const all = windows.find((each) => each.window === 'all');
  if (computedAt === null || !all) return <NotEnoughCopies minCopies={minCopies} />;
  return (
    <div className="follower-results">
      <FigureList
        label="Follower results, all time"
        figures={[
          figure(
            'Follower return (median)',
            all.followerReturnMedian,
            formatResultReturn,
            returnTone(all.followerReturnMedian),
          ),
          figure(
            "Trader's return, same trades (median)",
            all.traderReturnMedian,
            formatResultReturn,
            returnTone(all.traderReturnMedian),
          ),
          figure('Fill rate', all.fillRate, formatResultShare),
          figure('Slippage (median)', all.slippageMedian, formatSlippage, slippageTone(all.slippageMedian)),
        ]}
      />
      <UpdatedAt computedAt={computedAt} />
    </div>
  );
}

/** The definitions behind the figures, in plain words (libs/contracts follower-results rules). */
export function FollowerResultsHelp({ minCopies }: { minCopies: number }) {
  return (
    <details className="follower-results__help">
      <summary>How these are computed</summary>
      <ul>
        <li>
          <strong>Returns</strong>: the followers&apos; realised return on their closed copies of trades the trader has
          closed (a copied sell counts the other way round), beside the trader&apos;s own return on the same trades,
          from the trader&apos;s entry to the trader&apos;s exit. The median is the middle copy; 9 copies in 10 did no
          better than the 90th percentile.
        </li>
        <li>
          <strong>Fill rate</strong>: copies placed out of copies placed and not placed (refused, rejected, canceled or
          expired). Skipped copies — left out by a follower&apos;s own settings or guards — do not count.
        </li>
        <li>
          <strong>Delay</strong>: the time the brokerage filled a copy minus the time the trader shared the trade. 19
          copies in 20 were filled within the 95th percentile.
        </li>
        <li>
          <strong>Slippage</strong>: how far a follower&apos;s fill price was from the trader&apos;s price, in percent
          (sells the other way round). Positive (+0.12 %) is worse than the trader&apos;s price, negative (−0.05 %) is
          better.
        </li>
        <li>
          <strong>Copied automatically</strong>: the share of shared trades with at least one automatic copy placed.
        </li>
        <li>
          A figure based on fewer than {formatWhole(minCopies)} copies is not shown: a median of a few copies would
          mislead.
        </li>
      </ul>
    </details>
  );
}
