import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// Every relative link in README.md and docs/*.md must lead somewhere: to a file or folder of the repository, and,
// when it names a #fragment of a Markdown file, to one of that file's headings (GitHub's anchors).

const root = resolve(__dirname, '../../..');

/** The Markdown files whose links are checked. */
function documents(): string[] {
  const docs = join(root, 'docs');
  return [
    join(root, 'README.md'),
    ...readdirSync(docs)
      .filter((name) => name.endsWith('.md'))
      .map((name) => join(docs, name)),
  ];
}

/** Text outside fenced code blocks and inline code spans, where a link would not be a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2 … */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const text = match[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link in a heading keeps its text
      .replace(/<[^>]+>/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

interface Link {
  target: string;
  line: number;
}

/** Inline links and images, `[text](target "title")`, outside code. */
export function relativeLinks(markdown: string): Link[] {
  const links: Link[] = [];
  prose(markdown)
    .split('\n')
    .forEach((text, index) => {
      for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = match[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // http:, mailto: …
        links.push({ target, line: index + 1 });
      }
    });
  return links;
}

/** The reasons each dead link of `file` is dead, as `file:line target: reason`. */
export function deadLinks(file: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const problems: string[] = [];
  for (const { target, line } of relativeLinks(markdown)) {
    const [pathPart, fragment] = target.split('#', 2) as [string, string | undefined];
    const linked = pathPart === '' ? file : resolve(dirname(file), decodeURIComponent(pathPart));
    const where = `${relative(root, file)}:${line} ${target}`;
    if (!linked.startsWith(root) || !existsSync(linked)) {
      problems.push(`${where}: no such file`);
      continue;
    }
    if (fragment === undefined || !linked.endsWith('.md') || statSync(linked).isDirectory()) continue;
    const anchor = decodeURIComponent(fragment).toLowerCase();
    if (!headingAnchors(readFileSync(linked, 'utf8')).has(anchor)) {
      problems.push(`${where}: no heading #${anchor} in ${relative(root, linked)}`);
    }
  }
  return problems;
}

describe('documentation links', () => {
  it('every relative link in README.md and docs/*.md leads to an existing file and heading', () => {
    const files = documents();
    expect(files.length).toBeGreaterThan(1);
    expect(files.flatMap(deadLinks)).toEqual([]);
  });

  it('anchors follow GitHub: punctuation dropped, spaces to hyphens, repeats numbered', () => {
    const anchors = headingAnchors(
      '# Gateway (`apps/gateway`)\n## 5. Running the tests\n## Runbook: set-aside rows\n## Runbook: set-aside rows\n' +
        '```\n# not a heading\n```\n',
    );
    expect([...anchors]).toEqual([
      'gateway-appsgateway',
      '5-running-the-tests',
      'runbook-set-aside-rows',
      'runbook-set-aside-rows-1',
    ]);
  });

  it('links inside code are not links, and outside links are not checked', () => {
    const links = relativeLinks(
      '[a](a.md) `[b](b.md)` [c](https://example.com) [d](#d)\n```\n[e](e.md)\n```\n[f](<f.md> "F")',
    );
    expect(links.map((link) => link.target)).toEqual(['a.md', '#d', 'f.md']);
  });
});
