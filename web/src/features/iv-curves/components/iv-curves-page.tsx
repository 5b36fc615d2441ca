import { Accordion, Button, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { type IvCurve, userContract } from '../../../../../shared/contract/user';
import { ivCurveListColumns } from '../../../../../shared/lists/admin-lists';
import { useCmdMutation } from '../../../api/cmd-mutation';
import { useCmdQuery } from '../../../api/cmd-query';
import { ActionsTh } from '../../../components/actions-th';
import { PageTitle } from '../../../components/page-title';
import { personText } from '../../../components/person';
import { SearchableList } from '../../../components/searchable-list';
import { SortableTable } from '../../../components/sortable-table';
import { formatDate } from '../../../lib/dates';
import { useSubmit } from '../../../lib/forms/use-submit';
import { useDeclaredList } from '../../../lib/use-declared-list';
import { productLabel } from '../../products';
import { downloadIvCurveFile } from '../iv-curve-file';
import { applyIvCurveChange } from '../iv-curve-list-cache';
import type { IvCurveOrderColumn } from '../list-query';
import { ivCurveTexts } from '../messages';
import { UploadCurveForm } from './upload-curve-form';

/** The columns: id, product id, version, created, user, public Yes/No, manufacturer, model, unit; every header sorts. */
const COLUMNS: readonly { column: IvCurveOrderColumn; header: string }[] = [
  { column: 'id', header: 'Id' },
  { column: 'product_id', header: 'Product id' },
  { column: 'version', header: 'Version' },
  { column: 'created', header: 'Created' },
  { column: 'user', header: 'User' },
  { column: 'public', header: 'Public' },
  { column: 'manufacturer', header: 'Manufacturer' },
  { column: 'model', header: 'Model' },
  { column: 'unit', header: 'Unit' },
];

/** Delete, behind Confirm: a curve and its file cannot be brought back. */
function DeleteCurve({ curve }: { curve: IvCurve }) {
  const queryClient = useQueryClient();
  // Its row leaves the list at once (from the answer).
  const remove = useCmdMutation(userContract, 'delete_iv_curve', { onSuccess: ({ id }) => applyIvCurveChange(queryClient, { deletedId: id }) });
  const submit = useSubmit(() => remove.mutateAsync({ id: curve.id }), {
    confirm: () => ivCurveTexts.confirmDelete(curve.id),
    success: () => ivCurveTexts.deleted(curve.id),
  });
  return (
    <Button
      size="compact-sm"
      variant="default"
      color="red"
      loading={submit.pending}
      onClick={() => void submit.run()}
      aria-label={`Delete IV curve ${curve.id}`}
    >
      Delete
    </Button>
  );
}

/** One curve, with Download, and Update and Delete for its owner and admins. */
/**
 * Whose curve it is: an admin sees every owner's email with the id; a customer their own email on their
 * own curves, and "Another user" on someone else's public one (its owner is not someone they may look up).
 */
function ownerText(curve: IvCurve, admin: boolean): string {
  if (curve.user === null) return ivCurveTexts.anotherUser;
  return admin ? personText({ id: curve.user_id, email: curve.user }) : curve.user;
}

function CurveRow({ curve, admin, onUpdate }: { curve: IvCurve; admin: boolean; onUpdate: (curve: IvCurve) => void }) {
  const download = useSubmit(() => downloadIvCurveFile(curve.id));
  return (
    <Table.Tr>
      <Table.Td>{curve.id}</Table.Td>
      {/* The unit as My products names it (kind and uid), never the registration's number. */}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{curve.product ? productLabel(curve.product) : ''}</Table.Td>
      <Table.Td>{curve.version}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(curve.created)}</Table.Td>
      <Table.Td>{ownerText(curve, admin)}</Table.Td>
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
            <>
              <Button size="compact-sm" variant="default" onClick={() => onUpdate(curve)} aria-label={`Update IV curve ${curve.id}`}>
                Update
              </Button>
              <DeleteCurve curve={curve} />
            </>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * IV Curves: upload a new curve, or update one (the form above the table turns into that curve's
 * update), and the curves the caller may see, 20 a page, newest first until a header sorts them, with a
 * search. Search, order and page live in the page's address.
 */
export default function IvCurvesPage() {
  const { list, pageParams, pageSize } = useDeclaredList(ivCurveListColumns);
  const curves = useCmdQuery(userContract, 'get_iv_curves', pageParams, { placeholderData: keepPreviousData });
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
      <Stack gap="lg">
        {curves.data ? (
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
        ) : null}
        <SearchableList
          list={list}
          placeholder={ivCurveTexts.searchPlaceholder}
          query={curves}
          pageSize={pageSize}
          summary={ivCurveTexts.curveCount}
          hasRows={(curves.data?.curves.length ?? 0) > 0}
          emptyText={{ noMatch: ivCurveTexts.noMatch, none: ivCurveTexts.noCurves }}
        >
          {curves.data && (
            // One line per curve: names and emails do not break inside (a narrow screen scrolls the table).
            <SortableTable
              label="IV curves"
              columns={COLUMNS}
              sort={list.sort}
              onSort={list.sortBy}
              busy={curves.isPlaceholderData}
              minWidth={900}
              extraHeaders={<ActionsTh />}
            >
              {curves.data.curves.map((curve) => (
                <CurveRow key={curve.id} curve={curve} admin={curves.data.can_publish} onUpdate={startUpdate} />
              ))}
            </SortableTable>
          )}
        </SearchableList>
      </Stack>
    </>
  );
}
