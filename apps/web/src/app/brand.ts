/** The primary colour of the MUI theme, also the installed app's title-bar colour (web manifest, `theme-color`). */
export const BRAND_PRIMARY = '#0b4f8a';
