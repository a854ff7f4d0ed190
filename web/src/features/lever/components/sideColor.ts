/** Long (up) and short (down) colours, swapped by the user's price-colour preference. */
export const SIDE_COLOR = { long: 'var(--app-up)', short: 'var(--app-down)' } as const;
