import type { WebConfig } from '../../../../shared/web-config';

/** The checkout provider's script element: pinned by its integrity hash. Pure, unit-tested. */

/** The window functions the script's data attributes name: it looks them up by name on each event. */
export const DATA_CALLBACK = 'portalCheckoutData';
export const POPUP_CLOSED = 'portalCheckoutPopupClosed';
/** The provider finds its own script element by this id. */
const SCRIPT_ID = 'fsc-api';

type CheckoutSettings = NonNullable<WebConfig['checkout']>;

/**
 * The attributes of the provider's script element. The script is pinned: `integrity` makes the browser
 * refuse to run any other bytes than the configured hash's (a changed or swapped script fires `error`
 * instead), and `crossorigin="anonymous"` fetches it without cookies, which the integrity check of a
 * script from another site requires. Null without a hash: such a script is not loaded at all.
 */
export function checkoutScriptAttributes(settings: CheckoutSettings): Record<string, string> | null {
  if (!settings.scriptIntegrity) return null;
  return {
    id: SCRIPT_ID,
    src: settings.scriptUrl,
    integrity: settings.scriptIntegrity,
    crossorigin: 'anonymous',
    'data-storefront': settings.storefront,
    'data-data-callback': DATA_CALLBACK,
    'data-popup-closed': POPUP_CLOSED,
    ...(settings.accessKey ? { 'data-access-key': settings.accessKey } : {}),
  };
}
