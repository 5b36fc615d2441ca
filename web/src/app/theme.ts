import {
  createTheme,
  localStorageColorSchemeManager,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';

/** Mobile breakpoint of spec §9: below 640px the side menu becomes a toggled menu. */
export const MOBILE_BREAKPOINT = '40em';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
});

/**
 * Theme (spec §1): light by default, following the system colour scheme while nothing was set directly.
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
