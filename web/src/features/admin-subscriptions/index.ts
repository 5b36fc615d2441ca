/** What the admin subscriptions offer the other features: the question a subscription action asks, and the action. */
export { SubscriptionActionConfirm } from './components/subscription-action-confirm';
