/** What the buying screens say about the checkout. */
export const checkoutMessages = {
  notConfigured: 'No checkout provider is configured',
  loadFailed: 'The checkout cannot be loaded, try again later',
  completed: (reference: string) => `Order ${reference} is complete: thank you for your purchase`,
  emptyCart: 'Your cart is empty.',
} as const;
