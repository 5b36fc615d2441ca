import {
  createTheme,
  type CSSVariablesResolver,
  localStorageColorSchemeManager,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';

/*
 * Contrast (issue point 18): every text meets WCAG AA, 4.5:1, in both schemes; test/e2e/accessibility.test.ts
 * checks every screen with axe-core. Mantine's defaults do not: blue-6 links and buttons on white are 3.56:1.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  // Filled buttons and links in shade 8: white on blue-8 is 5.02:1 (blue-6 3.56:1), on red-8 4.51:1.
  // Dark was shade 8 already; its links are blue-4 on dark-7, 6.27:1.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  // Someone who asks their system for less motion gets none: dialogs, menus and notifications appear at once.
  respectReducedMotion: true,
});

/** Colour variables the palette and primaryShade alone cannot fix; MantineProvider merges them over its own. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    // gray-6 is 3.32:1 on white; this slightly darker gray keeps the dimmed look at 4.87:1 (4.62:1 on gray-0).
    '--mantine-color-dimmed': '#6b7279',
    // Field errors and required asterisks: red-6 is 3.28:1 on white, red-9 5.46:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Text in a theme colour (c="teal") is the filled shade by default: teal-8 is 3.95:1, teal-9 5.00:1.
    ...Object.fromEntries(
      Object.keys(theme.colors).map((color) => [`--mantine-color-${color}-text`, `var(--mantine-color-${color}-9)`]),
    ),
  },
  dark: {
    // dark-2 is 4.03:1 on the dark-7 body; this lighter gray is 5.52:1 (4.83:1 on dark-6), still below the text.
    '--mantine-color-dimmed': '#9a9a9a',
    // red-8 is 3.44:1 on dark-7; red-5 is 5.59:1 (4.89:1 on dark-6).
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    // A disabled button's text (Upload before a file is chosen): dark-3 on the disabled dark-6 is 2.6:1,
    // unreadable; the dimmed gray is 5.0:1 there, still plainly fainter than an enabled button's.
    '--mantine-color-disabled-color': '#9a9a9a',
  },
});

/**
 * Theme: light by default, following the system colour scheme while nothing was set directly.
 * A direct set (useTheme().setTheme) is remembered in localStorage under this key.
 */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'portal.theme' });
export const DEFAULT_COLOR_SCHEME = 'auto' as const;

/** The theme in effect ('light' | 'dark') and its direct setter. */
export function useTheme() {
  const { setColorScheme } = useMantineColorScheme();
  const theme = useComputedColorScheme('light');
  return { theme, setTheme: (value: 'light' | 'dark') => setColorScheme(value) };
}
