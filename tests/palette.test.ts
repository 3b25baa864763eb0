/**
 * One palette: every colour the screens use is a --muster-* custom property declared in styles.css, in a
 * light set and a dark set (the operating system's choice). A colour written anywhere else (a style block,
 * a rule of styles.css, an SVG attribute, a var() fallback) would stay the same in both themes: a white box
 * on dark paper, or dark ink on it. These tests find such a colour and name the file and the declaration.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SRC = join(ROOT, 'renderer', 'src');

/** CSS's named colours (CSS Color 4), without transparent and currentColor, which carry no colour of their own. */
const NAMED_COLOURS = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood
  cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray
  darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
  darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue
  firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew
  hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
  lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
  lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue
  mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred
  midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
  palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple
  rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue
  slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
  whitesmoke yellow yellowgreen`.split(/\s+/),
);

/** The colour literals in one CSS value: hex, rgb()/rgba(), hsl()/hsla(), hwb(), lab() and friends, named colours. */
function colourLiterals(value: string): string[] {
  const found: string[] = [];
  const text = value.replace(/(['"])(?:(?!\1).)*\1/g, ' ');
  for (const m of text.matchAll(/#[0-9a-f]{3,8}\b/gi)) found.push(m[0]);
  for (const m of text.matchAll(/\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^)]*\)/gi)) found.push(m[0]);
  // Names of custom properties (var(--muster-tag-bg)) are not colours; words of the value are checked.
  const words = text.replace(/--[\w-]+/g, ' ').toLowerCase().match(/[a-z]+(?:-[a-z]+)*/g) ?? [];
  for (const word of words) if (NAMED_COLOURS.has(word)) found.push(word);
  return found;
}

interface Declaration {
  property: string;
  value: string;
  /** 1-based line in the file. */
  line: number;
}

/** The declarations of a style sheet (comments dropped), with their lines. Selectors and at-rules are not declarations. */
function declarations(css: string, firstLine = 1): Declaration[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const found: Declaration[] = [];
  for (const m of text.matchAll(/([-\w]+)\s*:\s*([^;{}]+?)\s*(?=[;}])/g)) {
    found.push({ property: m[1]!, value: m[2]!, line: firstLine + text.slice(0, m.index).split('\n').length - 1 });
  }
  return found;
}

function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(ending))
    .map((name) => join(dir, name))
    .sort();
}

/** Each <style> block of a single-file component, with the line it starts on. */
function styleBlocks(source: string): { css: string; line: number }[] {
  return [...source.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => ({
    css: m[1]!,
    line: source.slice(0, m.index + m[0].indexOf('>') + 1).split('\n').length,
  }));
}

const STYLES_CSS = join(SRC, 'styles.css');
const stylesCss = readFileSync(STYLES_CSS, 'utf8');
const vueFiles = filesUnder(SRC, '.vue');
/** The style sheets components include (<style scoped src="./combat.css">), styles.css aside. */
const componentSheets = filesUnder(SRC, '.css').filter((file) => file !== STYLES_CSS);
const where = (file: string, line: number) => `${relative(ROOT, file)}:${line}`;

/** The body of the first block opened by `opening` in styles.css (braces matched). */
function blockAfter(opening: string): string {
  const start = stylesCss.indexOf(opening);
  if (start < 0) throw new Error(`styles.css has no "${opening}"`);
  let depth = 0;
  for (let i = stylesCss.indexOf('{', start); i < stylesCss.length; i++) {
    if (stylesCss[i] === '{') depth++;
    else if (stylesCss[i] === '}' && --depth === 0) return stylesCss.slice(stylesCss.indexOf('{', start) + 1, i);
  }
  throw new Error(`"${opening}" is not closed in styles.css`);
}

/** The palette's colour properties and their values, from a block of styles.css. */
function paletteOf(block: string): Map<string, string> {
  return new Map(declarations(block).filter((d) => d.property.startsWith('--muster-') && colourLiterals(d.value).length > 0).map((d) => [d.property, d.value]));
}
const light = paletteOf(blockAfter(':root {'));
const dark = paletteOf(blockAfter('@media screen and (prefers-color-scheme: dark)'));

describe('the colour scanner', () => {
  it('finds hex, functional and named colours, and lets var(), transparent, currentColor and inherit through', () => {
    expect(colourLiterals('1px solid #b9b09a')).toEqual(['#b9b09a']);
    expect(colourLiterals('0 2px 6px rgba(0, 0, 0, 0.15)')).toEqual(['rgba(0, 0, 0, 0.15)']);
    expect(colourLiterals('hsl(30 20% 50%)')).toEqual(['hsl(30 20% 50%)']);
    expect(colourLiterals('2px dashed white')).toEqual(['white']);
    expect(colourLiterals('var(--muster-rule, #cfc6b0)')).toEqual(['#cfc6b0']);
    expect(colourLiterals('var(--muster-tag-bg)')).toEqual([]);
    expect(colourLiterals('transparent')).toEqual([]);
    expect(colourLiterals('currentColor')).toEqual([]);
    expect(colourLiterals('inherit')).toEqual([]);
    expect(colourLiterals("system-ui, 'Segoe UI', sans-serif")).toEqual([]);
  });

  it('reads declarations, not selectors or media queries', () => {
    const css = `button:hover:not(:disabled) {\n  background: red;\n}\n@media (max-width: 1200px) {\n  .a { white-space: nowrap; }\n}`;
    expect(declarations(css).map((d) => [d.property, d.value, d.line])).toEqual([
      ['background', 'red', 2],
      ['white-space', 'nowrap', 5],
    ]);
  });
});

describe('one palette of colours (styles.css), light and dark', () => {
  it('no component style block or style sheet writes a colour: each names a --muster-* property', () => {
    const blocks = [
      ...vueFiles.flatMap((file) => styleBlocks(readFileSync(file, 'utf8')).map((block) => ({ file, ...block }))),
      ...componentSheets.map((file) => ({ file, css: readFileSync(file, 'utf8'), line: 1 })),
    ];
    expect(componentSheets.length).toBeGreaterThan(0);
    const found = blocks.flatMap((block) =>
      declarations(block.css, block.line)
        .filter((d) => colourLiterals(d.value).length > 0)
        .map((d) => `${where(block.file, d.line)} ${d.property}: ${d.value}`),
    );
    expect(found).toEqual([]);
  });

  it('no component template writes a colour in a style, fill, stroke or colour attribute', () => {
    const found = vueFiles.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      const template = source.replace(/<style[\s\S]*?<\/style>/g, '').replace(/<script[\s\S]*?<\/script>/g, '');
      return [...template.matchAll(/\s:?(?:style|fill|stroke|color|stop-color|flood-color|bgcolor)\s*=\s*"([^"]*)"/g)]
        .filter((m) => colourLiterals(m[1]!).length > 0)
        .map((m) => `${relative(ROOT, file)}: ${m[0].trim()}`);
    });
    expect(found).toEqual([]);
  });

  it('styles.css writes colours only in the palette\'s --muster-* declarations', () => {
    const found = declarations(stylesCss)
      .filter((d) => !d.property.startsWith('--muster-') && colourLiterals(d.value).length > 0)
      .map((d) => `${where(STYLES_CSS, d.line)} ${d.property}: ${d.value}`);
    expect(found).toEqual([]);
  });

  it('the screens\' scripts (the charts\' geometry, the opening frame) write no colour', () => {
    const scripts = [...filesUnder(SRC, '.ts').filter((f) => !f.endsWith('.test.ts')), join(ROOT, 'electron', 'opening-frame.ts')];
    const found = scripts.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(['"`])(#[0-9a-f]{3}(?:[0-9a-f]{3})?(?:[0-9a-f]{2})?|(?:rgba?|hsla?)\([^)]*\))\1/gi)].map((m) => `${relative(ROOT, file)}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });

  it('every --muster-* property a component or styles.css uses is declared, with no fallback colour', () => {
    const declared = new Set(declarations(blockAfter(':root {')).map((d) => d.property));
    const sources = [stylesCss, ...[...vueFiles, ...componentSheets].map((file) => readFileSync(file, 'utf8'))];
    const used = new Set(sources.flatMap((s) => [...s.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!)));
    expect([...used].filter((name) => !declared.has(name)).sort()).toEqual([]);
  });

  it('the dark palette gives every colour of the light one a night value of its own', () => {
    expect(light.size).toBeGreaterThan(30);
    expect([...light.keys()].filter((name) => !dark.has(name))).toEqual([]);
    expect([...dark.keys()].filter((name) => !light.has(name))).toEqual([]);
    // Paper and ink change places: dark paper, light ink.
    expect(dark.get('--muster-paper')).not.toBe(light.get('--muster-paper'));
    expect(dark.get('--muster-ink')).not.toBe(light.get('--muster-ink'));
  });

  it('form controls and scrollbars follow the theme, and printing keeps the light palette', () => {
    expect(declarations(blockAfter(':root {'))).toContainEqual(expect.objectContaining({ property: 'color-scheme', value: 'light dark' }));
    // The dark set applies to screens only; on paper the light one stays, with light form controls.
    expect(stylesCss).toContain('@media screen and (prefers-color-scheme: dark)');
    expect(declarations(blockAfter('@media print'))).toContainEqual(expect.objectContaining({ property: 'color-scheme', value: 'light' }));
    expect(readFileSync(join(SRC, '..', 'index.html'), 'utf8')).toContain('<meta name="color-scheme" content="light dark" />');
  });

  it('its ink reads on its papers in both themes (WCAG AA, 4.5:1), also where axe does not go: every chip, row and state', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    // Ink and muted text go on every background; the coloured inks (states, sides, links, chart labels) on the papers.
    const everyBackground = [...light.keys()].filter((name) => name.endsWith('-bg') || ['--muster-paper', '--muster-panel', '--muster-sheet', '--muster-selected', '--muster-selected-idle'].includes(name));
    const papers = ['--muster-paper', '--muster-panel', '--muster-bar-bg', '--muster-sheet', '--muster-card-bg', '--muster-box-bg'];
    const pairs = [
      ...['--muster-ink', '--muster-muted'].flatMap((ink) => everyBackground.filter((bg) => bg !== '--muster-light-night-bg').map((bg) => [ink, bg] as const)),
      ...['--muster-error', '--muster-warn', '--muster-ok', '--muster-usa', '--muster-csa', '--muster-accent', '--muster-chart-usa', '--muster-chart-csa'].flatMap((ink) => papers.map((bg) => [ink, bg] as const)),
      ['--muster-error', '--muster-error-bg'],
      ['--muster-ok', '--muster-ok-bg'],
      ['--muster-usa', '--muster-usa-bg'],
      ['--muster-csa', '--muster-csa-bg'],
      ['--muster-accent-ink', '--muster-accent'],
      ['--muster-accent-ink', '--muster-accent-hover'],
      ['--muster-light-night-ink', '--muster-light-night-bg'],
    ] as const;
    expect(everyBackground.length).toBeGreaterThan(20);
    const low = [light, dark].flatMap((palette, i) =>
      pairs
        .map(([ink, bg]) => ({ ink, bg, ratio: contrast(palette.get(ink)!, palette.get(bg)!) }))
        .filter((p) => !(p.ratio >= 4.5))
        .map((p) => `${i === 0 ? 'light' : 'dark'}: ${p.ink} on ${p.bg} ${p.ratio.toFixed(2)}:1`),
    );
    expect(low).toEqual([]);
  });
});
