import { Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { WITHOUT_BUNDLING, preparePortal, sharedPortal, type SynthesizedPortal } from './synth';

let portal: SynthesizedPortal;
beforeAll(() => {
  portal = sharedPortal();
});

interface Acknowledgement {
  path: string;
  id: string;
  reason: string;
}

/** Every rule acknowledged anywhere in the app, with the construct it was acknowledged on. */
function acknowledgements(root: IConstruct): Acknowledgement[] {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          path: construct.node.path,
          // Stored with a namespace prefix such as "Annotation::".
          id: id.replace(/^\w+::/, ''),
          reason,
        })),
      ),
  );
}

/** What the AwsSolutions pack reports when acknowledgements are ignored. */
function rawFindings(root: IConstruct) {
  const pack = new AwsSolutionsChecks();
  (pack as unknown as { isAcknowledged: () => boolean }).isAcknowledged = () => false;
  return pack.validateScope(root).violations.flatMap((violation) =>
    violation.violatingResources.map((resource) => ({ rule: violation.ruleName, path: resource.constructPath ?? '' })),
  );
}

describe('cdk-nag AwsSolutions', () => {
  it('reports no finding that is not acknowledged', () => {
    // sharedPortal() already ran app.synth(), which throws on any unacknowledged finding; ask the pack too.
    const report = new AwsSolutionsChecks().validateScope(portal.app);
    const findings = report.violations.map(
      (v) => `${v.ruleName} (${v.severity}) at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('leaves no violation of any validation plugin in the assembly validation report', () => {
    const report = JSON.parse(readFileSync(path.join(portal.outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; conclusion: string; violations: unknown[] }[];
    };
    expect(report.pluginReports.flatMap((r) => r.violations)).toEqual([]);
    expect(report.pluginReports.filter((r) => r.conclusion !== 'success')).toEqual([]);
  });

  it('leaves no AwsSolutions errors or warnings and no CDK errors in the stack annotations', () => {
    const annotations = Annotations.fromStack(portal.stack);
    expect(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    expect(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    expect(annotations.findError('*', Match.anyValue())).toEqual([]);
  });

  it('fails the synth on a finding nobody acknowledged', () => {
    const prepared = preparePortal({ context: WITHOUT_BUNDLING });
    try {
      new Bucket(prepared.stack, 'UncheckedBucket');
      expect(() => prepared.app.synth()).toThrow(/AwsSolutions-S10/);
    } finally {
      prepared.cleanup();
    }
  });
});

describe('acknowledged findings', () => {
  it('are AwsSolutions rules, each with a reason that explains it', () => {
    const acks = acknowledgements(portal.app);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.id, ack.path).toMatch(/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(ack.reason.length, `${ack.id} on ${ack.path}`).toBeGreaterThanOrEqual(60);
    }
  });

  it('each match a finding cdk-nag really raises on that construct (no stale or broad acknowledgement)', () => {
    const findings = rawFindings(portal.app);
    const stale = acknowledgements(portal.app).filter(
      (ack) =>
        !findings.some(
          (finding) => finding.rule === ack.id && (finding.path === ack.path || finding.path.startsWith(`${ack.path}/`)),
        ),
    );
    expect(stale.map((ack) => `${ack.id} on ${ack.path}`)).toEqual([]);
  });

  it('never acknowledge a whole rule where cdk-nag reports findings one by one', () => {
    const granular = ['AwsSolutions-IAM4', 'AwsSolutions-IAM5'];
    for (const ack of acknowledgements(portal.app)) {
      expect(granular, `${ack.id} on ${ack.path}`).not.toContain(ack.id);
    }
  });
});
