/** The product's general failure text, for a failure nobody gave a message of its own for. */
export const UNKNOWN_ERROR = 'Unknown error, try again later';
