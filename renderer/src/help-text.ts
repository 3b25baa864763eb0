/**
 * The Help pages (docs/rules-interpretations.md, through the shell's helpText) as blocks the window
 * renders as plain text elements: headings, paragraphs, list items and quotes. No HTML is ever built
 * from the text (the CSP allows none, and none is needed), so nothing in it can run.
 */
export type HelpBlock = { kind: 'h1' | 'h2' | 'h3' | 'p' | 'li' | 'quote' | 'code'; text: string };

/** Markdown emphasis and code marks removed; links as their text. */
function inline(text: string): string {
  return text
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .trim();
}

export function helpBlocks(markdown: string): HelpBlock[] {
  const blocks: HelpBlock[] = [];
  let paragraph: string[] = [];
  let fence = false;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'p', text: inline(paragraph.join(' ')) });
    paragraph = [];
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
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    const quote = /^>\s?(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: (['h1', 'h2', 'h3'] as const)[heading[1]!.length - 1]!, text: inline(heading[2]!) });
    } else if (item) {
      flush();
      blocks.push({ kind: 'li', text: inline(item[1]!) });
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
