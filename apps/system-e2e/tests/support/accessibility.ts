import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Accessibility and layout guards every browser spec calls at each screen it visits: axe-core with the WCAG 2
 * A/AA rules (serious and critical findings fail the test), and no sideways scrolling on phones.
 */

export const DESKTOP = { width: 1440, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;
/** The narrowest phone the layout must fit without scrolling sideways. */
export const NARROW_PHONE = { width: 360, height: 740 } as const;

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** One line a violated rule: its id, impact, help and the selectors of the offending elements. */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string {
  return violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n` +
        violation.nodes.map((node) => `    ${node.target.join(' ')} — ${node.failureSummary ?? ''}`).join('\n'),
    )
    .join('\n');
}

/**
 * axe-core on the page as it stands (wait for the screen's content first): zero serious or critical WCAG 2 A/AA
 * violations. `screen` names the screen in the failure message and the test report.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await test.step(`axe: ${screen} at ${page.viewportSize()?.width ?? '?'} px`, async () => {
    await finiteAnimationsEnded(page);
    const results = await new AxeBuilder({ page }).withTags(WCAG_A_AA).analyze();
    const failing = results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
    expect(failing, `${screen} (${page.url()}):\n${describeViolations(failing)}`).toEqual([]);
  });
}

/**
 * axe reads colours as they are drawn: a toast still fading in has its text at half opacity (a false contrast
 * failure). Waits for every animation and transition that ends; endless ones (spinners, skeletons) are left running.
 */
async function finiteAnimationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The document is no wider than the viewport: nothing makes the page scroll sideways. */
export async function expectNoHorizontalScroll(page: Page, screen: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${screen} scrolls sideways at ${innerWidth} px (${scrollWidth} px wide)`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/**
 * With E2E_SCREENSHOTS_DIR set, a full-page screenshot `<screen>-<width>.png` there, to look at each screen at
 * each size by eye (nothing is written otherwise).
 */
export async function saveScreenshot(page: Page, screen: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (!dir) return;
  const slug = screen.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await page.screenshot({ path: `${dir}/${slug}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

/**
 * The screen as it stands once `ready` shows, loaded at `size`: a screenshot, axe, and on phones no sideways scroll at
 * that width and at 360 px; the viewport goes back to desktop afterwards. `networkIdle` also waits for lazy chunks
 * and queries to settle before checking.
 */
export async function checkAtSize(
  page: Page,
  size: { width: number; height: number },
  screen: string,
  ready: Locator,
  { networkIdle = false }: { networkIdle?: boolean } = {},
): Promise<void> {
  await page.setViewportSize(size);
  await expect(ready).toBeVisible();
  if (networkIdle) await page.waitForLoadState('networkidle');
  await saveScreenshot(page, screen);
  await expectAccessible(page, screen);
  if (size.width < DESKTOP.width) {
    await expectNoHorizontalScroll(page, screen);
    await page.setViewportSize(NARROW_PHONE);
    await expectNoHorizontalScroll(page, screen);
  }
  await page.setViewportSize(DESKTOP);
}

/** `checkAtSize` at desktop, then at phone sizes (390 and 360 px). */
export async function checkAtDesktopAndPhone(
  page: Page,
  screen: string,
  ready: Locator,
  options: { networkIdle?: boolean } = {},
): Promise<void> {
  await checkAtSize(page, DESKTOP, screen, ready, options);
  await checkAtSize(page, PHONE, screen, ready, options);
}
