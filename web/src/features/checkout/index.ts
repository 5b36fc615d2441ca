/**
 * What the checkout offers the buying screens (licenses, legacy): the cart and its sections, the
 * provider's checkout, and what happens once an order completed. Anything else in the folder is its own.
 */
export { quantityLabel } from './catalogue-lines';
export { BuyingSection } from './components/buying-section';
export { CartSummary } from './components/cart-summary';
export { ProductLines } from './components/product-lines';
export { checkout } from './provider';
export { useCheckoutProvider, useOrderCompletion } from './use-checkout';
