/** The mobile breakpoint: below 640px the side menu becomes a toggled menu, and a wide dialog the whole screen. */
export const MOBILE_BREAKPOINT = '40em';
