import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The documents a newcomer reads stay true to the code: the README stays a first page, every place the
 * README and the topic documents name exists (a recipe's `path#symbol` is exported there), every link
 * and every pointer from a code comment to a document's section lands, and the decisions index names
 * each decision record once, each record short and in its shape.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The README's most lines: a first page, everything else in a topic document under docs/. */
const README_MAX_LINES = 150;
/** A decision record's most lines: what was decided and why; run logs go to docs/measurements.md. */
const DECISION_MAX_LINES = 150;

const TOPIC_DOCS = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const DECISIONS_DIR = 'docs/decisions';
const MEASUREMENTS = 'docs/measurements.md';
const decisionFiles = () => readdirSync(join(root, DECISIONS_DIR)).filter((name) => /^\d{3}-.+\.md$/.test(name));

/** Text outside fenced code blocks: a sample command or file is no claim about the repository. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** Where a place lives: the repository's own folders (build output and local data are not places). */
const PLACE = /^(shared|functions|web|infra|scripts|test|docs)\/[\w.<>/-]*(#\w+)?$/;
const NOT_PLACES = new Set(['web/dist']);

/** Every tracked file, for places with a `<name>` that stands for any. */
const trackedFiles = (() => {
  let files: string[] | undefined;
  return () => (files ??= execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean));
})();

/** The files and folders a place names: itself, or each that its `<name>` parts match. */
function filesOf(path: string): string[] {
  if (!path.includes('<')) return existsSync(join(root, path)) ? [path] : [];
  const pattern = new RegExp(`^${path.split(/<[\w-]+>/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\w.-]+')}${path.endsWith('/') ? '' : '$'}`);
  return [...new Set(trackedFiles().flatMap((file) => (pattern.test(file) ? [path.endsWith('/') ? file.slice(0, file.indexOf('/', file.search(pattern) + path.length - 1) + 1) || file : file] : [])))];
}

/** Whether a module exports `symbol` (declared, or named in an export list). */
const exportsSymbol = (file: string, symbol: string) =>
  new RegExp(`export\\s+(declare\\s+)?(async\\s+)?(const|let|function|class|interface|type|enum)\\s+${symbol}\\b`).test(read(file)) ||
  new RegExp(`export\\s*\\{[^}]*\\b${symbol}\\b[^}]*\\}`).test(read(file));

/** Each `path` or `path#symbol` a document names in code spans that does not exist as named. */
function missingPlaces(file: string): string[] {
  const spans = [...prose(read(file)).matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
  return spans
    .filter((span) => PLACE.test(span) && !NOT_PLACES.has(span))
    .flatMap((place) => {
      const [path, symbol] = place.split('#') as [string, string | undefined];
      const files = filesOf(path);
      if (!files.length) return [`${file}: ${place} does not exist`];
      if (symbol && !files.some((found) => statSync(join(root, found)).isFile() && exportsSymbol(found, symbol))) return [`${file}: ${path} exports no ${symbol}`];
      return [];
    });
}

/** A heading's anchor as GitHub makes it. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (file: string) => new Set([...prose(read(file)).matchAll(/^#+\s+(.+)$/gm)].map((match) => anchorOf(match[1]!)));

/** Each relative link of a document whose file (or heading) is not there. */
function brokenLinks(file: string): string[] {
  return [...prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)].flatMap(([, target]) => {
    if (/^[a-z]+:/.test(target!)) return [];
    const [path, anchor] = target!.split('#') as [string, string | undefined];
    const resolved = path ? normalize(join(dirname(file), path)) : file;
    if (!existsSync(join(root, resolved))) return [`${file}: ${target} does not exist`];
    if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) return [`${file}: ${target} names no heading there`];
    return [];
  });
}

describe('the README', () => {
  it(`is a first page of at most ${README_MAX_LINES} lines, with the two commands, the demo accounts, the map and the recipes`, () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
    for (const part of ['npm start', 'npm test', '`admin`', '`demo`', '## Where things live', '### Add a cmd', '### Add a list', '### Add a record kind', '### Add a screen']) {
      expect(readme).toContain(part);
    }
  });

  it('names in each recipe only places that exist, each symbol exported where the recipe says', () => {
    const recipes = read('README.md').split('## Recipes')[1]!.split(/^## /m)[0]!;
    for (const recipe of recipes.split(/^### /m).slice(1)) {
      expect(recipe.match(/`[^`]+#\w+`/g)?.length ?? 0, recipe.split('\n')[0]).toBeGreaterThan(0);
    }
    expect(missingPlaces('README.md')).toEqual([]);
  });
});

describe('the topic documents', () => {
  it('name only places that exist', () => {
    expect(TOPIC_DOCS.length).toBeGreaterThan(5);
    // The measurements are a log: each names the files as they were when it was taken.
    expect(TOPIC_DOCS.filter((file) => file !== MEASUREMENTS).flatMap(missingPlaces)).toEqual([]);
  });

  it('link only to documents and headings that exist, as the README and the decision records do', () => {
    const documents = ['README.md', ...TOPIC_DOCS, ...decisionFiles().map((name) => `${DECISIONS_DIR}/${name}`), `${DECISIONS_DIR}/README.md`];
    expect(documents.flatMap(brokenLinks)).toEqual([]);
  });

  it('are where comments in the code point: each `docs/<file>.md, "Heading"` names a heading of that document', () => {
    const pointers = trackedFiles()
      .filter((file) => /\.(ts|tsx)$/.test(file) && file !== 'scripts/docs.test.ts')
      .flatMap((file) =>
        [...read(file).matchAll(/(README|docs\/[\w/-]+\.md),?\s+"([^"]+)"/g)].map(([, document, heading]) => ({ file, document: document === 'README' ? 'README.md' : document!, heading: heading! })),
      );
    expect(pointers.length).toBeGreaterThan(0);
    const broken = pointers.filter(({ document, heading }) => !existsSync(join(root, document)) || !anchorsOf(document).has(anchorOf(heading)));
    expect(broken.map(({ file, document, heading }) => `${file}: ${document}, "${heading}"`)).toEqual([]);
  });
});

describe('the decision records', () => {
  it('name only places that exist', () => {
    expect(decisionFiles().flatMap((name) => missingPlaces(`${DECISIONS_DIR}/${name}`))).toEqual([]);
  });

  it('are each named once by the index, which names no record that does not exist', () => {
    const rows = read(`${DECISIONS_DIR}/README.md`).split('\n').filter((line) => line.startsWith('| ['));
    const linked = rows.flatMap((row) => [...row.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((match) => match[1]!));
    expect([...linked].sort()).toEqual(decisionFiles().sort());
    expect(new Set(linked).size).toBe(linked.length);
    const numbers = decisionFiles().map((name) => name.slice(0, 3));
    expect(new Set(numbers).size, 'two records share a number').toBe(numbers.length);
  });

  it(`are short and in one shape: context, decision, consequences, status and date, at most ${DECISION_MAX_LINES} lines`, () => {
    const misshapen = decisionFiles().flatMap((name) => {
      const text = read(`${DECISIONS_DIR}/${name}`);
      const problems = [];
      if (!text.startsWith(`# ${name.slice(0, 3)} — `)) problems.push('its title is not "# NNN — …"');
      if (!/^Status: (accepted|superseded by \d{3}|amended)\b.*·\s*Date: \d{4}-\d{2}-\d{2}/m.test(text)) problems.push('no "Status: … · Date: YYYY-MM-DD" line');
      const sections = [...prose(text).matchAll(/^## (.+)$/gm)].map((match) => match[1]);
      if (sections.join(', ') !== 'Context, Decision, Consequences') problems.push(`its sections are ${sections.join(', ')}`);
      const lines = text.split('\n').length;
      if (lines > DECISION_MAX_LINES) problems.push(`${lines} lines`);
      return problems.map((problem) => `${name}: ${problem}`);
    });
    expect(misshapen).toEqual([]);
  });
});
