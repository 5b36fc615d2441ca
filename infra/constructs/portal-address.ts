import { Stack } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Construct } from 'constructs';

/**
 * The name of the SSM parameter that holds the portal's address. Fixed (from the stack's name, unique in
 * its account and region), so that a function can be given the name and the right to read it without
 * depending on the parameter: the parameter depends on the distribution, the distribution on the API and
 * the API on the functions, and a function that named the parameter resource or the distribution would
 * close that cycle.
 */
export const portalUrlParameterName = (stack: Stack): string => `/${stack.stackName}/portal-url`;

/** The parameter's ARN, built from its fixed name (never from the resource, for the same reason). */
export const portalUrlParameterArn = (stack: Stack): string =>
  stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: portalUrlParameterName(stack).replace(/^\//, '') });

export interface PortalAddressProps {
  readonly distribution: IDistribution;
}

/**
 * Writes the portal's address (`https://{distribution domain}`) to the parameter every mail-sending
 * function reads once per cold start (functions/lib/portal-address.ts), for the links in its mail.
 */
export class PortalAddress extends Construct {
  readonly parameter: StringParameter;

  constructor(scope: Construct, id: string, props: PortalAddressProps) {
    super(scope, id);
    this.parameter = new StringParameter(this, 'Parameter', {
      parameterName: portalUrlParameterName(Stack.of(this)),
      stringValue: `https://${props.distribution.distributionDomainName}`,
      description: "The portal's address, for the links in its mail",
    });
  }
}
