import { ActionIcon, CopyButton, Group, Loader, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { DEVICE_ORDER_COLUMNS, type DeviceRow, productAdminContract } from '../../../../../shared/contract/product.admin';
import { deviceListColumns } from '../../../../../shared/lists/admin-lists';
import { useCmdQuery } from '../../../api/cmd-query';
import { PageTitle } from '../../../components/page-title';
import { Person } from '../../../components/person';
import { SearchableList } from '../../../components/searchable-list';
import { SortableTable } from '../../../components/sortable-table';
import { formatDate } from '../../../lib/dates';
import { useDeclaredList } from '../../../lib/use-declared-list';
import { userDetailPath } from '../../admin-users';

/** Produced hardware, 20 a page, last updated first (deviceListColumns). */
type DeviceOrderColumn = (typeof DEVICE_ORDER_COLUMNS)[number];

const COLUMNS: readonly { column: DeviceOrderColumn; header: string }[] = [
  { column: 'id', header: 'Id' },
  { column: 'created', header: 'Created' },
  { column: 'updated', header: 'Updated' },
  { column: 'product_id', header: 'Product id' },
  { column: 'serial_no', header: 'Serial no' },
  { column: 'uid', header: 'Uid' },
  { column: 'hardware_version', header: 'Hardware version' },
  { column: 'ems_id', header: 'EMS id' },
  { column: 'ean', header: 'EAN' },
  { column: 'user', header: 'User' },
];

/** Who owns a unit: the user it is registered to, by email with their id, linking to their detail; empty while unregistered. */
function Owner({ device }: { device: DeviceRow }) {
  if (device.user_id === null) return null;
  return <Person id={device.user_id} email={device.user} to={userDetailPath(device.user_id)} />;
}

/** A copy button for one certificate's or calibration's text. */
function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow>
          <ActionIcon variant="default" size="sm" aria-label={label} onClick={copy}>
            <svg viewBox="0 0 24 24" width={14} height={14} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              {copied ? (
                <path d="M20 6 9 17l-5-5" />
              ) : (
                <>
                  <rect x="9" y="9" width="12" height="12" rx="2" />
                  <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
                </>
              )}
            </svg>
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** The rows under an opened unit: a Labeled row per certificate, a Calibrated row per calibration. */
function DeviceEvents({ uid }: { uid: string }) {
  const device = useCmdQuery(productAdminContract, 'get_device', { uid });
  const span = COLUMNS.length;
  if (!device.data) {
    return (
      <Table.Tr>
        <Table.Td colSpan={span}>{device.isPending ? <Loader size="xs" /> : null}</Table.Td>
      </Table.Tr>
    );
  }
  const { certificates, calibration } = device.data;
  if (certificates.length === 0 && calibration.length === 0) {
    return (
      <Table.Tr>
        <Table.Td colSpan={span}>
          <Text size="sm" c="dimmed">
            Neither labeled nor calibrated yet.
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <>
      {certificates.map((cert, index) => (
        <EventRow key={`c${index}`} event="labeled" created={cert.created} copy={{ value: cert.cert, label: 'Copy certificate' }} span={span}>
          {cert.serial_no} · {cert.ean} · {cert.cert}
        </EventRow>
      ))}
      {calibration.map((cal, index) => (
        <EventRow key={`k${index}`} event="calibrated" created={cal.created} copy={{ value: cal.calibration, label: 'Copy calibration' }} span={span}>
          {cal.calibration}
        </EventRow>
      ))}
    </>
  );
}

/** One Labeled or Calibrated row under a unit: when, what, and its text with a copy button. */
function EventRow({ event, created, copy, span, children }: { event: 'labeled' | 'calibrated'; created: string; copy: { value: string; label: string }; span: number; children: ReactNode }) {
  return (
    <Table.Tr data-event={event}>
      <Table.Td />
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(created)}</Table.Td>
      <Table.Td fw={500}>{event === 'labeled' ? 'Labeled' : 'Calibrated'}</Table.Td>
      <Table.Td colSpan={span - 3}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <CopyValue value={copy.value} label={copy.label} />
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {children}
          </Text>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function DeviceTableRow({ device, open, onToggle }: { device: DeviceRow; open: boolean; onToggle: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <UnstyledButton onClick={onToggle} aria-expanded={open} c="blue" fz="sm" td="underline">
          {device.id}
        </UnstyledButton>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(device.created)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(device.updated)}</Table.Td>
      <Table.Td>{device.product_id}</Table.Td>
      <Table.Td>{device.serial_no}</Table.Td>
      <Table.Td ff="monospace">{device.uid}</Table.Td>
      <Table.Td>{device.hardware_version}</Table.Td>
      <Table.Td>{device.ems_id}</Table.Td>
      <Table.Td>{device.ean}</Table.Td>
      <Table.Td>
        <Owner device={device} />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Produced hardware (admin): a search (uid, serial number, product, EMS id, EAN, owner's email, id), the
 * units 20 a page with who owns each, last updated first until a header sorts them; clicking an id opens its certificate (Labeled) and
 * calibration (Calibrated) rows, each with a copy button.
 */
export default function DevicesPage() {
  const { list, pageParams, pageSize } = useDeclaredList(deviceListColumns);
  const devices = useCmdQuery(productAdminContract, 'get_devices', pageParams, { placeholderData: keepPreviousData });
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const toggle = (uid: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(uid)) next.add(uid);
      return next;
    });

  return (
    <>
      <PageTitle />
      <SearchableList
        list={list}
        placeholder="Uid, serial number, product, EMS id, EAN or owner"
        query={devices}
        pageSize={pageSize}
        summary={(count) => `${count} ${count === 1 ? 'unit' : 'units'}`}
        hasRows={(devices.data?.devices.length ?? 0) > 0}
        emptyText={{ noMatch: 'No units match the search.', none: 'No produced units yet.' }}
      >
        <SortableTable label="Produced hardware" columns={COLUMNS} sort={list.sort} onSort={list.sortBy} busy={devices.isPlaceholderData} minWidth={960}>
          {devices.data?.devices.map((device) => (
            <Fragment key={device.id}>
              <DeviceTableRow device={device} open={opened.has(device.uid)} onToggle={() => toggle(device.uid)} />
              {opened.has(device.uid) && <DeviceEvents uid={device.uid} />}
            </Fragment>
          ))}
        </SortableTable>
      </SearchableList>
    </>
  );
}
