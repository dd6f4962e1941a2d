import type { TraceSort } from '@copytrade/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  CATEGORIES,
  categoryOfSlug,
  categorySlug,
  readDiscoveryParams,
  SEARCH_MAX_LENGTH,
  SORT_OPTIONS,
  writeDiscoveryParams,
  type DiscoveryParams,
} from '../utils/discovery-params';
import { FeaturedTraders } from './featured-traders';
import { TradersGrid } from './traders-grid';
import '../discovery.css';

/** The search asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

function SearchIcon() {
  return (
    <svg
      className="discovery__search-icon"
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

/**
 * Discover Traders (docs/product.md#discovery): a server-side search (debounced), the five category tabs, the sort
 * select, Featured Traders first on All, then the grid. Search, tab and sort live in the address
 * (`?q=&category=&sort=`), so a reload or a shared link shows the same list.
 */
export function DiscoverTraders({ viewerId }: { viewerId: string }) {
  const searchId = useId();
  const sortId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const { search: urlSearch, category, sortBy } = readDiscoveryParams(searchParams);

  const [text, setText] = useState(urlSearch);
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  const update = (next: Partial<DiscoveryParams>) =>
    setSearchParams((current) => writeDiscoveryParams(current, { ...readDiscoveryParams(current), ...next }), {
      replace: true,
    });

  // The search last written to the address: any other value there came from outside (a link, Back), and the
  // box follows it.
  const written = useRef(urlSearch);
  useEffect(() => {
    if (urlSearch === written.current) return;
    written.current = urlSearch;
    setText(urlSearch);
  }, [urlSearch]);
  useEffect(() => {
    if (search === written.current.trim()) return;
    written.current = search;
    setSearchParams((current) => writeDiscoveryParams(current, { ...readDiscoveryParams(current), search }), {
      replace: true,
    });
  }, [search, setSearchParams]);

  return (
    <div className="page page--discovery">
      <title>Discover Traders · CopyTrade</title>
      <header className="page__header">
        <h1 className="page__title">Discover Traders</h1>
        <p className="page__note">Find traders to follow, compare their results and open their profiles.</p>
      </header>

      <div className="discovery__toolbar">
        <div className="discovery__search">
          <Label htmlFor={searchId} className="sr-only">
            Search traders
          </Label>
          <SearchIcon />
          <Input
            id={searchId}
            type="search"
            className="discovery__search-input"
            placeholder="Search by name, handle or specialty"
            autoComplete="off"
            maxLength={SEARCH_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="discovery__sort">
          <Label htmlFor={sortId} className="discovery__sort-label">
            Sort by
          </Label>
          <Select
            id={sortId}
            className="discovery__sort-select"
            options={SORT_OPTIONS}
            value={sortBy}
            onValueChange={(value) => update({ sortBy: value as TraceSort })}
          />
        </div>
      </div>

      {/* Tab values are the slugs: Radix builds element ids from them, and an id with a space breaks aria-labelledby. */}
      <Tabs value={categorySlug(category)} onValueChange={(slug) => update({ category: categoryOfSlug(slug) })}>
        <TabsList label="Trader categories" className="discovery__tabs">
          {CATEGORIES.map((tab) => (
            <TabsTrigger key={tab.slug} value={tab.slug}>
              {tab.value}
            </TabsTrigger>
          ))}
        </TabsList>
        {CATEGORIES.map((tab) => (
          <TabsContent key={tab.slug} value={tab.slug} className="discovery__panel">
            {tab.value === 'All' ? <FeaturedTraders search={search} sortBy={sortBy} viewerId={viewerId} /> : null}
            <TradersGrid
              heading={tab.heading}
              category={tab.value}
              search={search}
              sortBy={sortBy}
              viewerId={viewerId}
            />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
