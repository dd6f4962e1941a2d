import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseOption } from '@/testing/choose-option';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { ADMIN, asAdmin, buildInvestorStats } from '../../testing/admin-fixtures';
import { quiet, setUpAdminTabTests } from '../../testing/admin-test-setup';

setUpAdminTabTests();

const STATS = 'GET /api/copy-trades/analytics/investor-stats';
const statsAnswer = (overrides = {}) => ({ body: { success: true, stats: buildInvestorStats(overrides) } });
const block = (name: string) => screen.findByRole('region', { name });
const stat = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('admin panel: Statistics tab', { timeout: 30_000 }, () => {
  it('shows-the-four-blocks-for-30-days-by-default', async () => {
    const api = mockApi(asAdmin({ [STATS]: statsAnswer() }));
    renderApp('/admin?tab=statistics');

    expect(await screen.findByRole('combobox', { name: 'Time frame' })).toHaveTextContent('Last 30 days');
    const overview = await block('Overview');
    expect(stat(overview, 'Total copy trades')).toBe('1,284');
    expect(stat(overview, 'Recent copy trades (last 30 days)')).toBe('312');
    expect(stat(overview, 'Total volume')).toBe('$482,350.50');
    expect(stat(overview, 'Recent volume (last 30 days)')).toBe('$120,400.00');
    expect(stat(overview, 'Active users')).toBe('87');
    expect(stat(overview, 'Unique symbols')).toBe('42');

    const performance = await block('Performance');
    expect(stat(performance, 'Total closed trades')).toBe('640');
    expect(stat(performance, 'Overall win rate')).toBe('61.3%');
    expect(stat(performance, 'Recent win rate (last 30 days)')).toBe('58.4%');
    expect(stat(performance, 'Average return')).toBe('+3.42%');
    expect(stat(performance, 'Average holding time')).toBe('6.5 days');

    expect(stat(await block('Growth'), 'New active users (last 30 days)')).toBe('14');

    const top = await block('Top symbols');
    const table = within(top).getByRole('table', { name: 'Top symbols' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['SymbolCopiesTotal volumeAverage return', 'AAPL120$48,000.00+4.10%', 'TSLA96$52,300.00-2.35%']);
    expect(within(top).getByRole('img', { name: 'Copies per top symbol, as in the table' })).toBeInTheDocument();

    const [call] = api.callsTo(STATS);
    // The user id travels as a header (see docs/product.md#rest-calls).
    expect(call?.headers.get('user-id')).toBe(ADMIN.id);
  });

  it('asks-again-for-each-time-frame', async () => {
    const { fetchMock } = mockApi(asAdmin({ [STATS]: statsAnswer() }));
    const { user } = renderApp('/admin?tab=statistics');

    await block('Overview');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Time frame' }), 'All time');
    expect(await screen.findByText('Recent copy trades (all time)')).toBeInTheDocument();
    await chooseOption(user, screen.getByRole('combobox', { name: 'Time frame' }), 'Last 7 days');
    expect(await screen.findByText('Recent copy trades (last 7 days)')).toBeInTheDocument();
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname.endsWith('/investor-stats'))
      .map((url) => url.searchParams.get('timeFrame'));
    expect(asked).toEqual(['30d', 'all', '7d']);
  });

  it('shows-the-empty-top-symbols-and-the-fallback-on-failure', async () => {
    quiet();
    const api = mockApi(asAdmin({ [STATS]: { status: 500 } }));
    const { user } = renderApp('/admin?tab=statistics');

    expect(await screen.findByText('Failed to fetch investor statistics')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("Couldn't load the statistics.");
    api.set(STATS, statsAnswer({ topSymbols: [] }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No copies in this time frame')).toBeInTheDocument();
  });
});
