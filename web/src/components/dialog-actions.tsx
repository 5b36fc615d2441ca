import { Button, Group } from '@mantine/core';

/** A form dialog's buttons: Cancel, and the submit button, enabled only for a valid form. */
export function DialogActions({ label, pending, valid, onCancel }: { label: string; pending: boolean; valid: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" gap="sm" mt="xs">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={pending} disabled={!valid}>
        {label}
      </Button>
    </Group>
  );
}
