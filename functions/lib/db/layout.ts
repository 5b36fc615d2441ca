/**
 * The single table's key layout: generic key names so that every entity shares it, and overloaded
 * global indexes whose use each entity documents. The CDK data construct and the local bootstrap
 * create the table from this; the repositories address it through ./table.
 */
export const dataTable = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  /** Items with this attribute (epoch seconds) are removed by DynamoDB after that time. */
  timeToLiveAttribute: 'ttl',
} as const;
