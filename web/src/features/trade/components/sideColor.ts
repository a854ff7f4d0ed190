/**
 * Up/buy and down/sell colours, swapped by the user's price-colour preference (theme/theme.css):
 * SIDE_COLOR fills (buttons, white text on them), SIDE_TEXT text on the page (light badges).
 */
export const SIDE_COLOR = { buy: 'var(--app-up-fill)', sell: 'var(--app-down-fill)' } as const;
export const SIDE_TEXT = { buy: 'var(--app-up)', sell: 'var(--app-down)' } as const;
