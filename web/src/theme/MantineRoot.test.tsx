// @vitest-environment jsdom
/**
 * The app's provider gives Mantine's components what MantineProvider would, and the build's
 * stylesheet holds exactly the CSS variables MantineProvider would have written into the page.
 */
import { Button, MantineProvider, useMantineColorScheme } from '@mantine/core';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { themeCss } from '../../build/mantineTheme';
import { MantineRoot } from './MantineRoot';
import { theme } from './theme';
import '../testing/matchMedia';

const container = document.createElement('div');
document.body.append(container);
const root = createRoot(container);
const render = (node: ReactNode) => flushSync(() => root.render(node));
const button = () => container.querySelector('button')!;

afterEach(() => {
  render(null);
  document.head.querySelectorAll('style[data-mantine-styles]').forEach((s) => s.remove());
  localStorage.clear();
});

/** The declarations of a stylesheet, each with its selector, in a set. */
const declarations = (css: string) =>
  new Set(
    [...css.replace(/\/\*[^]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g)].flatMap(([, selector, body]) =>
      body
        .split(';')
        .filter((d) => d.trim())
        .map((d) => `${selector.trim()} ${d.trim()}`),
    ),
  );

function Toggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return <Button onClick={() => setColorScheme(colorScheme === 'dark' ? 'light' : 'dark')}>{colorScheme}</Button>;
}

describe('MantineRoot', () => {
  it("has the build's stylesheet hold the variables MantineProvider writes for the theme", () => {
    render(<MantineProvider theme={theme}>x</MantineProvider>);
    const written = [...document.querySelectorAll('style[data-mantine-styles]')].find((s) => s.getAttribute('data-mantine-styles') !== 'classes');
    expect(written?.textContent).toBeTruthy();
    expect(declarations(themeCss())).toEqual(declarations(written!.textContent!));
  });

  it('writes no style element, renders Mantine components, and keeps the colour scheme in localStorage and on <html>', () => {
    localStorage.setItem('theme', 'dark');
    render(
      <MantineRoot>
        <Toggle />
      </MantineRoot>,
    );
    expect(document.querySelector('style[data-mantine-styles]')).toBeNull();
    expect(button().textContent).toBe('dark');
    expect(button().className).toContain('mantine-Button-root');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    flushSync(() => button().click());
    expect(button().textContent).toBe('light');
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
