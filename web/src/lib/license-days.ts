/** The license lists' days filters' largest value (the contract's): ends however far, expired however long ago. */
export const MAX_FILTER_DAYS = 100_000;
