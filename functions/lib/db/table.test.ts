import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { isConditionFailure } from './table';

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${codes.join(', ')}]`,
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('isConditionFailure', () => {
  it('is a failed condition of a single write', () => {
    expect(isConditionFailure(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }))).toBe(true);
  });

  it('is a cancelled transaction one of whose items failed its condition or raced a concurrent write', () => {
    expect(isConditionFailure(cancelled('None', 'ConditionalCheckFailed', 'None'))).toBe(true);
    expect(isConditionFailure(cancelled('TransactionConflict', 'None'))).toBe(true);
  });

  it('is not a transaction cancelled for throttling, validation or an item collection over its size', () => {
    expect(isConditionFailure(cancelled('None', 'ThrottlingError'))).toBe(false);
    expect(isConditionFailure(cancelled('ValidationError', 'None'))).toBe(false);
    expect(isConditionFailure(cancelled('ItemCollectionSizeLimitExceeded'))).toBe(false);
    expect(isConditionFailure(cancelled('ProvisionedThroughputExceeded', 'None'))).toBe(false);
  });

  it('is not a cancelled transaction without reasons, nor any other error', () => {
    expect(isConditionFailure(cancelled())).toBe(false);
    expect(isConditionFailure(Object.assign(new Error('x'), { name: 'TransactionCanceledException' }))).toBe(false);
    expect(isConditionFailure(Object.assign(new Error('slow down'), { name: 'ProvisionedThroughputExceededException' }))).toBe(false);
    expect(isConditionFailure(new Error('boom'))).toBe(false);
    expect(isConditionFailure(undefined)).toBe(false);
  });
});
