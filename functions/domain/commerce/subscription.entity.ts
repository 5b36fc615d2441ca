import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { ADDON_IDS } from '../../../shared/licenses/catalog';
import { portalTable, timestamps } from '../../lib/db/table';

/**
 * A subscription as the portal lists it: one per license it pays for (a provider subscription of
 * quantity n pays for n licenses: rows with index 0 … n-1), with the state the provider last reported.
 *
 * | access pattern                      | key                                              | operation |
 * |-------------------------------------|--------------------------------------------------|-----------|
 * | a subscription by id                | pk `subscription#{id}`, sk `subscription`        | GetItem   |
 * | the rows of a provider subscription | ProviderSubscriptionEntity → ids                 | GetItem × n |
 * | every subscription (admin list)     | list rows `subscriptions`                        | list      |
 */
export const SubscriptionEntity = new Entity({
  name: 'subscription',
  table: portalTable,
  schema: item({
    id: number().key(),
    /** The provider's subscription id. */
    reference: string(),
    index: number(),
    license_id: number(),
    user_id: number(),
    /** The catalogue path it is for. */
    product: string(),
    /** active, overdue, canceled or deactivated. */
    state: string(),
    /** The next charge (YYYY-MM-DD); absent once it ends. */
    renews_at: string().optional(),
    /** For an add-on subscription: the add-on it pays for on the license. */
    addon_id: string().enum(...ADDON_IDS).optional(),
    /** After a conversion (another product of the catalogue): the product it was, and the day. */
    converted_from: string().optional(),
    converted_on: string().optional(),
    /** The add-on subscriptions its conversion ended (their add-on is part of what it converted to). */
    ended_addon_subscriptions: list(number()).optional(),
    /**
     * An add-on subscription ended by the conversion of the subscription `ended_by_conversion_of`, on
     * `ended_on`: its provider subscription was ended (or its quantity lowered), and no later event of
     * that provider subscription changes this row again.
     */
    ended_on: string().optional(),
    ended_by_conversion_of: number().optional(),
    /**
     * An add-on subscription canceled with the subscription `canceled_with` (the license's own): its provider
     * subscription pays for add-ons on other licenses too, so its quantity was lowered from its next charge
     * instead; no later event of that provider subscription changes this row again.
     */
    canceled_with: number().optional(),
    /**
     * An add-on subscription canceled with the subscription `canceled_with` that paid only for add-ons on
     * its licenses, so the provider subscription itself was canceled (not lowered): it still follows that
     * provider subscription's events, and resuming the license's subscription resumes it.
     */
    canceled_whole: boolean().optional(),
    version: number().default(0),
  }),
  computeKey: ({ id }) => ({ pk: `subscription#${id}`, sk: 'subscription' }),
  timestamps,
});

/** The provider's subscription: whose it is and which portal subscription rows it has. */
export const ProviderSubscriptionEntity = new Entity({
  name: 'provider-subscription',
  table: portalTable,
  schema: item({
    reference: string().key(),
    user_id: number(),
    /** The provider's account id of the buyer (for the account page). */
    account: string().optional(),
    order_id: string(),
    ids: list(number()),
  }),
  computeKey: ({ reference }) => ({ pk: `fs-subscription#${reference}`, sk: 'subscription' }),
  timestamps,
});

export type SubscriptionRecord = FormattedItem<typeof SubscriptionEntity>;
export type ProviderSubscriptionRecord = FormattedItem<typeof ProviderSubscriptionEntity>;
