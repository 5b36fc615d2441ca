import { getConfig } from '../../config';
import { updateAppState } from '../../lib/app-state';
import { checkoutMessages } from './messages';
import { checkoutScriptAttributes, DATA_CALLBACK, POPUP_CLOSED } from './script-tag';
import { completedOrder, sessionState, type ProviderSession } from './session';

/** The buyer the provider's checkout is filled in for (`recognize`: the email is required). */
export interface Buyer {
  email: string;
  firstName: string;
  lastName: string;
  company?: string;
}

/**
 * The browser API of the checkout provider's script, `window.fastspring.builder`: FastSpring's Store
 * Builder Library in AWS, the local sandbox's stand-in (scripts/local/checkout-sandbox/builder.js) on the
 * local stack. Both take the same calls; results come back through the callbacks, never as return values.
 */
export interface CheckoutBuilder {
  add(path: string): void;
  update(path: string, quantity: number): void;
  remove(path: string): void;
  recognize(buyer: Buyer): void;
  tag(key: string, value: unknown): void;
  tag(tags: Record<string, unknown>): void;
  reset(): void;
  viewCart(): void;
  checkout(): void;
  push(session: Record<string, unknown>): void;
}

const globals = window as unknown as Record<string, unknown> & { fastspring?: { builder?: CheckoutBuilder } };

/**
 * Whether /config.json names a checkout provider with its script pinned by an integrity hash; without
 * one, buying is not offered (an unpinned script of another site is never loaded).
 */
export const checkoutAvailable = (): boolean => {
  const settings = getConfig().checkout;
  return settings !== undefined && checkoutScriptAttributes(settings) !== null;
};

let loading: Promise<CheckoutBuilder> | undefined;

/**
 * Loads the provider's script once per page and registers its callbacks: each session change writes the
 * cart and its totals into the shared state, and a completed purchase sets the order-completed marker.
 * Resolves with the builder once the script has defined it; a failed load may be tried again.
 */
export function loadCheckout(): Promise<CheckoutBuilder> {
  const settings = getConfig().checkout;
  const attributes = settings && checkoutScriptAttributes(settings);
  if (!attributes) return Promise.reject(new Error(checkoutMessages.notConfigured));
  loading ??= new Promise<CheckoutBuilder>((resolve, reject) => {
    globals[DATA_CALLBACK] = (session: ProviderSession) => updateAppState(sessionState(session));
    globals[POPUP_CLOSED] = (result: unknown) => {
      // null: the buyer closed the popup without buying; the cart stays as it was.
      const order = completedOrder(result);
      if (order) updateAppState({ orderCompleted: order });
    };

    const failed = () => {
      loading = undefined;
      script.remove();
      reject(new Error(checkoutMessages.loadFailed));
    };
    const script = document.createElement('script');
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.addEventListener('load', () => {
      const builder = globals.fastspring?.builder;
      if (builder) resolve(builder);
      else failed();
    });
    script.addEventListener('error', failed);
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * The typed calls the screens make. Each waits for the script (the screens only offer them once it
 * loaded); a call while it cannot load does nothing, the load's own failure is already shown.
 */
const withBuilder = (work: (builder: CheckoutBuilder) => void) => {
  loadCheckout().then(work, () => undefined);
};

export const checkout = {
  add: (path: string) => withBuilder((builder) => builder.add(path)),
  update: (path: string, quantity: number) => withBuilder((builder) => builder.update(path, quantity)),
  remove: (path: string) => withBuilder((builder) => builder.remove(path)),
  recognize: (buyer: Buyer) => withBuilder((builder) => builder.recognize(buyer)),
  tag: (tags: Record<string, string | number>) => withBuilder((builder) => builder.tag(tags)),
  reset: () => withBuilder((builder) => builder.reset()),
  /** Opens the provider's popup on the cart. */
  viewCart: () => withBuilder((builder) => builder.viewCart()),
  /** Opens the provider's popup on the checkout. */
  checkout: () => withBuilder((builder) => builder.checkout()),
} as const;
