import { Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { AUDIT_ACTION_NAMES } from '../../../../../shared/audit/action-words';
import { userAdminContract } from '../../../../../shared/contract/user.admin';
import { useCmdQuery } from '../../../api/cmd-query';
import { DateField } from '../../../components/date-field';
import { personText } from '../../../components/person';
import { isCalendarDay } from '../../../lib/dates';
import { auditTexts } from '../messages';
import type { AuditFilterValues } from '../use-audit-filters';

const ACTION_CHOICES = [
  { value: '', label: auditTexts.anyAction },
  ...Object.entries(AUDIT_ACTION_NAMES)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label)),
];

/** A day filter: applied once the text is a whole day (or empty); a partly typed day stays in the field. */
function DayFilter({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  const [text, setText] = useState(value);
  return (
    <DateField
      label={label}
      value={text}
      clearable
      error={text !== '' && !isCalendarDay(text) ? auditTexts.badDay : undefined}
      onChange={(next) => {
        setText(next);
        if (next === '' || isCalendarDay(next)) onChange(next);
      }}
    />
  );
}

interface AuditFiltersProps {
  filters: AuditFilterValues;
  onChange: (name: keyof AuditFilterValues, value: string) => void;
}

/** The audit trail's filters: Admin (who acted), Action, From and To (days, both included). */
/** The administrators change rarely: read again after five minutes (the case screens share the answer). */
const ADMINS_FRESH_MS = 5 * 60_000;

export function AuditFilters({ filters, onChange }: AuditFiltersProps) {
  const admins = useCmdQuery(userAdminContract, 'get_admins', {}, { staleTime: ADMINS_FRESH_MS });
  // A filtered admin not (or no longer) among the admins still shows as chosen.
  const adminChoices = (admins.data?.admins ?? []).map((admin) => ({ value: String(admin.id), label: personText({ id: admin.id, email: admin.email }) }));
  if (filters.admin && !adminChoices.some((choice) => choice.value === filters.admin)) {
    adminChoices.push({ value: filters.admin, label: personText({ id: Number(filters.admin) }) });
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
      <Select
        label="Admin"
        data={[{ value: '', label: auditTexts.anyAdmin }, ...adminChoices]}
        value={filters.admin}
        onChange={(value) => onChange('admin', value ?? '')}
        searchable
        allowDeselect={false}
      />
      <Select label="Action" data={ACTION_CHOICES} value={filters.action} onChange={(value) => onChange('action', value ?? '')} allowDeselect={false} />
      <DayFilter label="From" value={filters.from} onChange={(day) => onChange('from', day)} />
      <DayFilter label="To" value={filters.to} onChange={(day) => onChange('to', day)} />
    </SimpleGrid>
  );
}
