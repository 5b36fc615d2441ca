import { Anchor, Checkbox, Stack } from '@mantine/core';
import { documentationLinks } from '../links';
import { downloadTexts } from '../messages';

/** The EULA checkbox with a link to the agreement: the download links stay inactive until it is ticked. */
export function EulaCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Stack gap={4}>
      <Checkbox label={downloadTexts.eulaLabel} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <Anchor href={documentationLinks.eula} target="_blank" rel="noopener noreferrer" size="sm" ml={32}>
        {downloadTexts.eulaLink}
      </Anchor>
    </Stack>
  );
}
