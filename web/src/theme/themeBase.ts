/**
 * The theme's colours, shades, radius and fonts: plain data, so the build can turn them into the
 * theme's CSS variables (web/build/mantineTheme.ts) with Mantine's own resolver, and theme.ts
 * gives them to Mantine with the components' settings.
 */
import type { MantineThemeOverride } from '@mantine/core';
import { DARK_BACKGROUND, FONT_FAMILY, FONT_FAMILY_MONOSPACE } from './tokens.ts';

export const themeBase = {
  primaryColor: 'blue',
  // Filled colours (buttons, the anchor colour in light) at shade 8: white on blue-8 is 5.0:1, on
  // Mantine's default blue-6 3.6:1, under WCAG AA's 4.5:1. Dark keeps 8 (its text colours are shade 4).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: FONT_FAMILY,
  fontFamilyMonospace: FONT_FAMILY_MONOSPACE,
  colors: {
    // Dark palette built around the product's dark background (#102030 is dark[7], the body colour).
    // dark[2] is the dimmed text: 6.4:1 on the body, 5.5:1 on the cards (dark[6]), 4.5:1 on dark[5].
    dark: ['#d5dde8', '#aab6c6', '#95a3b6', '#5b6b82', '#3c4d64', '#263a52', '#1a2d42', DARK_BACKGROUND, '#0b1724', '#060f18'],
    // Mantine's gray with a darker gray[6], the light theme's dimmed text: 5.4:1 on white and 4.6:1
    // on gray[2] (Mantine's #868e96 is 3.3:1 on white).
    gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#646b73', '#495057', '#343a40', '#212529'],
    // Mantine's orange, yellow, green and teal with darker shades 8 (filled: white text on it) and 9
    // (the light variant's text on shade 1): 4.5:1 or more; Mantine's are 2.5:1 to 4.4:1.
    orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#f76707', '#c2410c', '#a63c0c'],
    yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#fab005', '#f59f00', '#a35200', '#8a4600'],
    green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#37b24d', '#237a36', '#1f6b2f'],
    teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca678', '#087f5b', '#0a6b4e'],
  },
} satisfies MantineThemeOverride;
