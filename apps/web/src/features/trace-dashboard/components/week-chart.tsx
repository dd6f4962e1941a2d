import { useId } from 'react';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format/date';

export interface WeekSeries {
  name: string;
  /** The bar colour: the trace's own figure or the one it is compared with. */
  tone: 'primary' | 'compare';
  /** One per week; null draws no bar (too few copies that week). */
  values: Array<number | null>;
}

const WEEK_WIDTH = 10;
const HEIGHT = 100;

/**
 * Columns per week, drawn by hand in SVG (the app's chart library would put this tab over its bundle budget): one bar
 * per series and week, up from a zero line or down for negative values. To assistive tech the chart is one image
 * named by `label`; the caption under it (the figure's name) says the figures in words, and the tab's weekly table has every value.
 */
export function WeekChart({
  label,
  weeks,
  series,
  caption,
}: {
  label: string;
  weeks: string[];
  series: WeekSeries[];
  caption: string;
}) {
  const captionId = useId();
  const known = series.flatMap((each) => each.values.filter((value): value is number => value !== null));
  const top = Math.max(0, ...known);
  const bottom = Math.min(0, ...known);
  const range = top - bottom || 1;
  const y = (value: number) => ((top - value) / range) * HEIGHT;
  const zero = y(0);
  const barWidth = (WEEK_WIDTH - 2) / series.length;
  const width = Math.max(weeks.length, 1) * WEEK_WIDTH;

  return (
    <figure className="week-chart" aria-labelledby={captionId}>
      <div role="img" aria-label={label} className="week-chart__canvas">
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" focusable="false" aria-hidden="true">
          {series.map((each, index) =>
            each.values.map((value, week) =>
              value === null || value === 0 ? null : (
                <rect
                  key={`${each.name}-${weeks[week]}`}
                  className={cn('week-chart__bar', `week-chart__bar--${each.tone}`)}
                  x={week * WEEK_WIDTH + 1 + index * barWidth}
                  y={Math.min(y(value), zero)}
                  width={barWidth}
                  height={Math.max(Math.abs(y(value) - zero), 0.5)}
                />
              ),
            ),
          )}
          <line className="week-chart__zero" x1={0} x2={width} y1={zero} y2={zero} vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      <div className="week-chart__axis" aria-hidden="true">
        <span>{formatDay(weeks[0])}</span>
        <span>{formatDay(weeks[weeks.length - 1])}</span>
      </div>
      {series.length > 1 ? (
        <ul className="week-chart__legend" aria-label="Legend">
          {series.map((each) => (
            <li key={each.name}>
              <span className={cn('week-chart__swatch', `week-chart__bar--${each.tone}`)} aria-hidden="true" />
              {each.name}
            </li>
          ))}
        </ul>
      ) : null}
      <figcaption id={captionId} className="week-chart__caption">
        {caption}
      </figcaption>
    </figure>
  );
}
