/** Up/buy and down/sell colours, swapped by the user's price-colour preference. */
export const SIDE_COLOR = { buy: 'var(--app-up)', sell: 'var(--app-down)' } as const;
