/**
 * The product's own words for an endpoint that did not answer: nothing came back (the network), or it
 * failed (HTTP 5xx, a 503 included). Endpoints without an entry get the client's general texts.
 */
const noResponseTexts: Readonly<Record<string, string>> = {
  // The license server: every licenses screen (the customer's and the admin's) says this.
  'lic/5': 'No response from license server',
};

export const licenseServerNoResponse = noResponseTexts['lic/5']!;

/** The text for a call of `endpointPath` that got `httpStatus` (0: nothing answered), if it did not answer. */
export function noResponseText(endpointPath: string, httpStatus: number): string | undefined {
  if (httpStatus !== 0 && httpStatus < 500) return undefined;
  return Object.hasOwn(noResponseTexts, endpointPath) ? noResponseTexts[endpointPath] : undefined;
}
