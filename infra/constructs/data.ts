import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { dataTable } from '../definitions';

/** Item-level actions a reader needs: point reads and queries on the table and its indexes. */
const readActions = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
/** Item-level writes, including transactions (TransactWriteItems authorizes per item action). */
const writeActions = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

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
   * Grants item access on the table and on each named index: no `dynamodb:*`, no `index/*`, so the
   * policy names exactly the resources in definitions.dataTable.
   */
  grantData(grantee: IGrantable, access: 'read' | 'readWrite'): Grant {
    const actions = access === 'read' ? readActions : [...readActions, ...writeActions];
    return Grant.addToPrincipal({
      grantee,
      actions,
      resourceArns: [
        this.table.tableArn,
        ...dataTable.globalIndexes.map((index) => `${this.table.tableArn}/index/${index.name}`),
      ],
    });
  }
}
