import { Button, Stack, Text } from '@mantine/core';
import { packagePath } from '../../../../../shared/downloads/releases';

/**
 * A download link: active, an anchor to /downloads/{package}, only when `enabled`; until then a disabled
 * button of the same look, so that nothing can be fetched before the EULA is ticked.
 */
export function PackageLink({
  label,
  detail,
  packageName,
  enabled,
  onDownload,
  fullWidth = true,
}: {
  label: string;
  detail?: string;
  packageName: string;
  enabled: boolean;
  onDownload?: () => void;
  /** Fills its cell (the download page's grid); false sizes it to its text. */
  fullWidth?: boolean;
}) {
  const content = (
    <Stack gap={0} align="flex-start">
      <Text fw={600} size="sm" inherit>
        {label}
      </Text>
      {detail ? (
        // The package's name in the button's own colour (a faded caption fell below 4.5:1 on the light blue).
        <Text size="xs" fw={400}>
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
  if (!enabled) {
    return (
      <Button variant="light" h="auto" py={8} disabled justify="flex-start" fullWidth={fullWidth}>
        {content}
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={packagePath(packageName)}
      download={packageName}
      variant="light"
      h="auto"
      py={8}
      justify="flex-start"
      fullWidth={fullWidth}
      onClick={onDownload}
    >
      {content}
    </Button>
  );
}
