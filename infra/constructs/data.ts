import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import type { TableAction } from '../../functions/registry';
import { dataTable } from '../definitions';

/** The portal's one DynamoDB table (definitions.dataTable), kept when the stack is deleted. */
export class Data extends Construct {
  readonly table: Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.table = new Table(this, 'Table', {
      partitionKey: { name: dataTable.partitionKey, type: AttributeType.STRING },
      sortKey: { name: dataTable.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      timeToLiveAttribute: dataTable.timeToLiveAttribute,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of dataTable.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }
  }

  /**
   * Grants exactly the item actions a function uses (a transaction is authorized per item action) on
   * the table and on each named index: no `dynamodb:*`, no `index/*`.
   */
  grantActions(grantee: IGrantable, actions: readonly TableAction[]): Grant {
    return Grant.addToPrincipal({
      grantee,
      actions: actions.map((action) => `dynamodb:${action}`),
      resourceArns: [
        this.table.tableArn,
        ...dataTable.globalIndexes.map((index) => `${this.table.tableArn}/index/${index.name}`),
      ],
    });
  }
}
