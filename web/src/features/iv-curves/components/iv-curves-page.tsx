import { Accordion, Button, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import type { IvCurve } from '../../../../../shared/contract/user';
import { ActionsTh } from '../../../components/actions-th';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { formatDate } from '../../../lib/dates';
import { useSubmit } from '../../../lib/forms/use-submit';
import { downloadIvCurveFile } from '../api/get-iv-curve-file';
import { useIvCurves } from '../api/get-iv-curves';
import { ivCurveTexts } from '../messages';
import { UploadCurveForm } from './upload-curve-form';

/** One curve (spec §2: id, product id, version, created, user, public Yes/No, manufacturer, model, unit), with Download and Update. */
function CurveRow({ curve, onUpdate }: { curve: IvCurve; onUpdate: (curve: IvCurve) => void }) {
  const download = useSubmit(() => downloadIvCurveFile(curve.id));
  return (
    <Table.Tr>
      <Table.Td>{curve.id}</Table.Td>
      <Table.Td>{curve.product_id ?? ''}</Table.Td>
      <Table.Td>{curve.version}</Table.Td>
      <Table.Td>{formatDate(curve.created)}</Table.Td>
      {/* Another user's email is for admins: others see the owner's user id. */}
      <Table.Td>{curve.user ?? curve.user_id}</Table.Td>
      <Table.Td>{curve.public ? 'Yes' : 'No'}</Table.Td>
      <Table.Td>{curve.manufacturer}</Table.Td>
      <Table.Td>{curve.model}</Table.Td>
      <Table.Td>{curve.unit}</Table.Td>
      <Table.Td>
        {/* The buttons stack when the table would otherwise be wider than the page. */}
        <Group gap={4}>
          <Button size="compact-sm" variant="default" loading={download.pending} onClick={() => void download.run()} aria-label={`Download IV curve ${curve.id}`}>
            Download
          </Button>
          {curve.can_update ? (
            <Button size="compact-sm" variant="default" onClick={() => onUpdate(curve)} aria-label={`Update IV curve ${curve.id}`}>
              Update
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * IV Curves (spec §2): upload a new curve, or update one (the form above the table turns into that curve's
 * update), and the table of the curves the caller may see, newest first.
 */
export default function IvCurvesPage() {
  const curves = useIvCurves();
  const [updating, setUpdating] = useState<IvCurve | null>(null);
  const formCard = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const startUpdate = (curve: IvCurve) => {
    setUpdating(curve);
    formCard.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <>
      <PageTitle />
      {curves.isPending ? (
        <PageLoader />
      ) : (
        curves.data && (
          <Stack gap="lg">
            <Card withBorder padding="lg" component="section" aria-labelledby={headingId} ref={formCard}>
              <Stack gap="md">
                <Title order={3} id={headingId}>
                  {updating ? `Update IV curve ${updating.id}` : 'Upload a new IV curve'}
                </Title>
                {updating ? (
                  <Text size="sm">
                    {updating.manufacturer} {updating.model}, version {updating.version}: the new file becomes version {updating.version + 1}.
                  </Text>
                ) : null}
                <UploadCurveForm
                  key={updating?.id ?? 'new'}
                  curve={updating ?? undefined}
                  canPublish={curves.data.can_publish}
                  onDone={() => setUpdating(null)}
                  onCancel={updating ? () => setUpdating(null) : undefined}
                />
                <Accordion variant="contained" chevronPosition="left">
                  <Accordion.Item value="format">
                    <Accordion.Control>{ivCurveTexts.formatTitle}</Accordion.Control>
                    <Accordion.Panel>
                      <Stack gap="xs">
                        <Text size="sm">{ivCurveTexts.format}</Text>
                        <Code block>{ivCurveTexts.formatExample}</Code>
                      </Stack>
                    </Accordion.Panel>
                  </Accordion.Item>
                </Accordion>
              </Stack>
            </Card>
            {curves.data.curves.length === 0 ? (
              <Text>{ivCurveTexts.noCurves}</Text>
            ) : (
              <Table.ScrollContainer minWidth={900} type="native">
                {/* One line per curve: names and emails do not break inside (a narrow screen scrolls the table). */}
                <Table striped verticalSpacing={6} horizontalSpacing={8} fz="sm" aria-label="IV curves" style={{ whiteSpace: 'nowrap' }}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Id</Table.Th>
                      <Table.Th>Product id</Table.Th>
                      <Table.Th>Version</Table.Th>
                      <Table.Th>Created</Table.Th>
                      <Table.Th>User</Table.Th>
                      <Table.Th>Public</Table.Th>
                      <Table.Th>Manufacturer</Table.Th>
                      <Table.Th>Model</Table.Th>
                      <Table.Th>Unit</Table.Th>
                      <ActionsTh />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {curves.data.curves.map((curve) => (
                      <CurveRow key={curve.id} curve={curve} onUpdate={startUpdate} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        )
      )}
    </>
  );
}
