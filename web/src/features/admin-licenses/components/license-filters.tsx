import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useLicenseChoices } from '../../../hooks/use-license-catalog';
import { useDebouncedField } from '../../../lib/use-debounced-field';
import { ANY, MAX_FILTER_DAYS, isBadLicenseId, type LicenseFilterValues } from '../license-list-query';
import { adminLicenseTexts } from '../messages';

interface LicenseFiltersProps {
  filters: LicenseFilterValues;
  onChange: (name: keyof LicenseFilterValues, value: string) => void;
}

const ANY_CHOICE = { value: ANY, label: 'Any' };

/** A days filter: a whole number from 0, applied once typing pauses. */
function DaysFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const [text, setText] = useDebouncedField(value, onChange);
  return (
    <NumberInput
      label={label}
      value={text}
      onChange={(next) => setText(String(next))}
      min={0}
      max={MAX_FILTER_DAYS}
      clampBehavior="strict"
      allowDecimal={false}
      allowNegative={false}
      hideControls
    />
  );
}

/**
 * The all-licenses filters: User (a user id, or part of an email or company), Id, Expired in
 * last N days, Expires within N days, License type and License usage (each with Any). Typed filters
 * apply once typing pauses, picked ones at once.
 */
export function LicenseFilters({ filters, onChange }: LicenseFiltersProps) {
  const choices = useLicenseChoices();
  const [user, setUser] = useDebouncedField(filters.user, (value) => onChange('user', value));
  const [licenseId, setLicenseId] = useDebouncedField(filters.licenseId, (value) => onChange('licenseId', value));

  return (
    <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label="User"
        placeholder="Id, email or company"
        autoComplete="off"
        value={user}
        onChange={(event) => setUser(event.currentTarget.value)}
      />
      <TextInput
        label="Id"
        placeholder="License id"
        inputMode="numeric"
        autoComplete="off"
        value={licenseId}
        onChange={(event) => setLicenseId(event.currentTarget.value)}
        error={isBadLicenseId(licenseId) ? adminLicenseTexts.licenseIdFilter : undefined}
      />
      <DaysFilter label="Expired in last (days)" value={filters.expiredIn} onChange={(value) => onChange('expiredIn', value)} />
      <DaysFilter
        label="Expires within (days)"
        value={filters.expiresWithin}
        onChange={(value) => onChange('expiresWithin', value)}
      />
      <Select
        label="License type"
        data={[ANY_CHOICE, ...choices.types]}
        value={filters.licenseType}
        onChange={(value) => onChange('licenseType', value ?? ANY)}
        allowDeselect={false}
      />
      <Select
        label="License usage"
        data={[ANY_CHOICE, ...choices.usages]}
        value={filters.licenseUsage}
        onChange={(value) => onChange('licenseUsage', value ?? ANY)}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}
