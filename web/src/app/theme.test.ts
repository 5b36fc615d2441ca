import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the dark scheme', () => {
  it("shows a disabled button's text readably on its background (4.5:1)", () => {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const dark = cssVariablesResolver(merged).dark;
    // Mantine's disabled background in the dark scheme is dark-6 (--mantine-color-disabled).
    expect(contrast(dark['--mantine-color-disabled-color']!, merged.colors.dark[6])).toBeGreaterThanOrEqual(4.5);
  });
});
