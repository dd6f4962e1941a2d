import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '@/testing/resize-observer';
import PortfolioValueChart, { valueAxis } from './portfolio-value-chart';

describe('PortfolioValueChart', () => {
  it('draws-an-area-of-the-total-value', async () => {
    stubResizeObserver({ width: 600, height: 260 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(
      <PortfolioValueChart
        points={[
          { timestamp: '2026-01-01T14:00:00.000Z', totalValue: 120_000 },
          { timestamp: '2026-01-01T15:00:00.000Z', totalValue: 125_000.3 },
        ]}
      />,
    );
    await waitFor(() => expect(container.querySelector('.recharts-area-curve')).not.toBeNull());
  });

  it('has-nothing-focusable-and-draws-gains-in-the-gain-colour', async () => {
    stubResizeObserver({ width: 600, height: 260 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.documentElement.style.setProperty('--gain', '#00ff00');
    const { container } = render(
      <PortfolioValueChart
        trend="gain"
        points={[
          { timestamp: '2026-01-01T14:00:00.000Z', totalValue: 120_000 },
          { timestamp: '2026-01-01T15:00:00.000Z', totalValue: 125_000.3 },
        ]}
      />,
    );
    await waitFor(() => expect(container.querySelector('.recharts-area-curve')).not.toBeNull());
    // The card shows it as one image: no keyboard layer inside (it would be focusable within role="img").
    expect(container.querySelectorAll('[tabindex]:not([tabindex="-1"])')).toHaveLength(0);
    expect(container.querySelector('.recharts-area-curve')).toHaveAttribute('stroke', '#00ff00');
    document.documentElement.style.removeProperty('--gain');
  });
});

describe('valueAxis', () => {
  it('gives-a-flat-series-a-readable-scale', () => {
    const axis = valueAxis([125_000]);
    expect(axis.domain[0]).toBeLessThan(125_000);
    expect(axis.domain[1]).toBeGreaterThan(125_000);
    expect(axis.format(124_000)).toBe('$124,000');
    expect(axis.format(126_000)).not.toBe(axis.format(124_000));
  });

  it('uses-compact-labels-for-wide-ranges', () => {
    expect(valueAxis([10_000, 250_000]).format(100_000)).toBe('$100K');
  });
});
