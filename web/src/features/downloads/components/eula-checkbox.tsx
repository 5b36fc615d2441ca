import { Anchor, Checkbox, Stack, Text } from '@mantine/core';
import { eulaPath, type EulaDocument } from '../../../../../shared/downloads/releases';
import { downloadTexts } from '../messages';

/**
 * The EULA checkbox with a link to the agreement's text, which the portal serves itself (the version
 * published with the releases; none published: no link): the download links stay inactive until it is
 * ticked.
 */
export function EulaCheckbox({ checked, onChange, eula }: { checked: boolean; onChange: (checked: boolean) => void; eula: EulaDocument | undefined }) {
  return (
    <Stack gap={4}>
      <Checkbox label={downloadTexts.eulaLabel} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      {eula ? (
        <Text size="sm" ml={32}>
          <Anchor href={eulaPath(eula.version)} target="_blank" rel="noopener" inherit>
            {downloadTexts.eulaLink}
          </Anchor>{' '}
          <Text span c="dimmed" inherit>
            ({downloadTexts.eulaVersion(eula.version, eula.date)})
          </Text>
        </Text>
      ) : null}
    </Stack>
  );
}
