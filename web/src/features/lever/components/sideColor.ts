/**
 * Long (up) and short (down) colours, swapped by the user's price-colour preference
 * (theme/theme.css): SIDE_COLOR fills (buttons, white text on them), SIDE_TEXT text on the page
 * (light badges).
 */
export const SIDE_COLOR = { long: 'var(--app-up-fill)', short: 'var(--app-down-fill)' } as const;
export const SIDE_TEXT = { long: 'var(--app-up)', short: 'var(--app-down)' } as const;
