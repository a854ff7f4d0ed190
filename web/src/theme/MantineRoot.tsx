/**
 * The app's Mantine provider: what MantineProvider gives the components (the theme, the colour
 * scheme kept by our manager, the class names), composed of Mantine's own exports as
 * MantineProvider composes them, without what it would do in the page at start-up that the build
 * has done instead: the theme's CSS variables (computed for every colour and shade, then written
 * into a <style>; web/build/mantineTheme.ts makes them a stylesheet) and the responsive helper
 * classes (for `hiddenFrom`/`visibleFrom`, which the app does not use). About 3 KB gzip and a few
 * milliseconds of a phone's start-up less.
 */
import { MantineContext, MantineThemeProvider, useProviderColorScheme } from '@mantine/core';
import { useMemo, type ContextType, type ReactNode } from 'react';
import { theme, themeManager } from './theme';

const manager = themeManager();
const getRootElement = () => document.documentElement;

export function MantineRoot({ children }: { children: ReactNode }) {
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({
    manager,
    defaultColorScheme: 'light',
    getRootElement,
    forceColorScheme: undefined,
  });
  const value = useMemo<NonNullable<ContextType<typeof MantineContext>>>(
    () => ({
      colorScheme,
      setColorScheme,
      clearColorScheme,
      getRootElement,
      classNamesPrefix: 'mantine',
      cssVariablesSelector: ':root',
      withStaticClasses: true,
    }),
    [colorScheme, setColorScheme, clearColorScheme],
  );
  return (
    <MantineContext value={value}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
