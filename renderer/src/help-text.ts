/**
 * Help's pages (docs/how-to-play.md and docs/rules-interpretations.md, through the shell's helpText) as
 * blocks the window renders as plain text elements: headings, paragraphs, list items, quotes and tables.
 * No HTML is ever built from the text (the CSP allows none, and none is needed), so nothing in it can run.
 * A reading's heading carries its id, so a rule reference on any screen can open Help at it.
 */
export type HelpBlock =
  | { kind: 'h1' | 'h2' | 'h3' | 'p' | 'li' | 'quote' | 'code'; text: string; /** a reading's id (RI-C01) on its heading */ reading?: string }
  | { kind: 'table'; text: string; header: string[]; rows: string[][] };

/** A reading's id as the screens and the interpretations file write it: RI-C01, RI-O06, RI-K14. */
export const READING_ID = /\bRI-[A-Z]{1,2}\d{2,3}\b/g;

/** The text split into plain runs and reading ids, for the screens' links to Help (RuleRef.vue). */
export function splitReadings(text: string): { text: string; reading?: string }[] {
  const parts: { text: string; reading?: string }[] = [];
  let at = 0;
  for (const m of text.matchAll(READING_ID)) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    parts.push({ text: m[0], reading: m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** The DOM id of a reading's heading in Help. */
export const readingAnchor = (reading: string): string => `help-${reading}`;

const tableCells = (line: string): string[] => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => inline(c));

/** Markdown emphasis and code marks removed; links as their text. */
function inline(text: string): string {
  return text
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/(^|[\s(])\*(\S[^*]*?)\*(?=[\s).,:;!?]|$)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .trim();
}

export function helpBlocks(markdown: string): HelpBlock[] {
  const blocks: HelpBlock[] = [];
  let paragraph: string[] = [];
  let table: string[][] = [];
  let fence = false;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'p', text: inline(paragraph.join(' ')) });
    paragraph = [];
    if (table.length > 0) {
      const [header, ...rows] = table;
      blocks.push({ kind: 'table', text: '', header: header!, rows });
    }
    table = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    if (line.startsWith('```')) {
      flush();
      fence = !fence;
      continue;
    }
    if (fence) {
      blocks.push({ kind: 'code', text: line });
      continue;
    }
    if (/^\s*\|.*\|\s*$/.test(line)) {
      if (paragraph.length > 0) {
        blocks.push({ kind: 'p', text: inline(paragraph.join(' ')) });
        paragraph = [];
      }
      // The line under the header (| --- | --- |) only marks the header.
      if (!/^\s*\|[\s:|-]+\|\s*$/.test(line)) table.push(tableCells(line));
      continue;
    }
    if (table.length > 0) flush();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    const quote = /^>\s?(.*)$/.exec(line);
    if (heading) {
      flush();
      const text = inline(heading[2]!);
      const reading = /^(RI-[A-Z]{1,2}\d{2,3})\b/.exec(text)?.[1];
      blocks.push({ kind: (['h1', 'h2', 'h3'] as const)[heading[1]!.length - 1]!, text, ...(reading ? { reading } : {}) });
    } else if (item) {
      flush();
      blocks.push({ kind: 'li', text: inline(item[1]!) });
    } else if (/^\s+\S/.test(line) && paragraph.length === 0 && blocks.at(-1)?.kind === 'li') {
      // An indented line right under a list item goes on with it.
      const last = blocks.at(-1)!;
      last.text = `${last.text} ${inline(line)}`;
    } else if (quote) {
      flush();
      blocks.push({ kind: 'quote', text: inline(quote[1]!) });
    } else if (line.trim() === '') {
      flush();
    } else {
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}
