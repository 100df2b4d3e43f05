import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

// The page's head sets a brand's colours and font as --brand-* (tessera.shell.look, from
// tenant.toml's [colours.light], [colours.dark] and [fonts]); the stylesheets read each of them,
// the platform's own value as the fallback of a brand that sets none.
const BRAND_VARIABLES = ['primary', 'on-primary', 'accent', 'on-accent', 'header', 'background', 'panel', 'text', 'muted', 'font'];
const STYLESHEETS = ['shell/src/styles.css', 'shell/src/frame/frame.css'];
const sheet = (path: string) => readFileSync(path, 'utf8');
const read = (css: string) => [...css.matchAll(/var\(--brand-([a-z-]+),\s*([^)]+)\)/g)].map(([, name, fallback]) => ({ name, fallback: fallback.trim() }));

describe('the brand style', () => {
  test('every brand variable is read by the shell, each with a fallback', () => {
    const found = STYLESHEETS.flatMap((path) => read(sheet(path)));
    expect(new Set(found.map((use) => use.name))).toEqual(new Set(BRAND_VARIABLES));
    expect(found.filter((use) => !use.fallback)).toEqual([]);
  });

  test('the dark theme falls back to dark colours, not the light ones', () => {
    const styles = sheet('shell/src/styles.css');
    const block = (selector: string) => styles.slice(styles.indexOf(selector), styles.indexOf('}', styles.indexOf(selector)));
    const [light, dark] = [block(':root {'), block(":root[data-theme='dark'] {")];
    const fallbacks = (css: string) => Object.fromEntries(read(css).map((use) => [use.name, use.fallback]));
    expect(fallbacks(dark).background).toBe('#12151a');
    expect(fallbacks(light).background).toBe('#ffffff');
    expect(Object.keys(fallbacks(dark))).toEqual(['background', 'text', 'muted', 'panel', 'primary', 'on-primary']);
  });

  test('the body takes the brand font ahead of the system font', () => {
    expect(sheet('shell/src/styles.css')).toMatch(/body \{[^}]*font-family: var\(--font\)/);
    expect(sheet('shell/src/styles.css')).toContain('--font: var(--brand-font, system-ui, sans-serif)');
  });
});
