import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { currentEula, FIRMWARE_TYPES, firmwareReleases, type FirmwareRelease, type FirmwareType, type Versions } from '../../../../../shared/downloads/releases';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { useVersions } from '../api/get-versions';
import { downloadTexts } from '../messages';
import { EulaCheckbox } from './eula-checkbox';
import { PackageLink } from './package-link';
import { ReleaseNotes } from './release-notes';

/** Ace before Arc, the order the page lists them in. */
const TYPES_SHOWN: FirmwareType[] = [...FIRMWARE_TYPES].sort();

function FirmwareCard({ release, enabled }: { release: FirmwareRelease; enabled: boolean }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{downloadTexts.version(release.version)}</Text>
          <Text size="sm" c="dimmed">
            {downloadTexts.released(release.date)}
          </Text>
        </Group>
        <ReleaseNotes notes={release.notes} />
        {release.downloadAllowed && release.package ? (
          <div>
            <PackageLink
              label={downloadTexts.firmwareDownload(release.type, release.version)}
              detail={release.package}
              packageName={release.package}
              enabled={enabled}
              fullWidth={false}
            />
          </div>
        ) : (
          <Text size="sm">{downloadTexts.notDownloadable}</Text>
        )}
      </Stack>
    </Card>
  );
}

function FirmwareSection({ versions, type, enabled }: { versions: Versions; type: FirmwareType; enabled: boolean }) {
  const headingId = useId();
  const releases = firmwareReleases(versions, type);
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} id={headingId} mb="sm">
        {type}
      </Title>
      {releases.length === 0 ? (
        <Text size="sm">{downloadTexts.noFirmware}</Text>
      ) : (
        <Stack gap="sm">
          {releases.map((release) => (
            <FirmwareCard key={`${release.type}-${release.version}`} release={release} enabled={enabled} />
          ))}
        </Stack>
      )}
    </section>
  );
}

/**
 * Firmware: the Ace and Arc firmware releases with their notes, newest first; the packages
 * behind the same EULA checkbox as the software's.
 */
export default function FirmwarePage() {
  const versions = useVersions();
  const [eulaTicked, setEulaTicked] = useState(false);
  return (
    <>
      <PageTitle />
      {versions.isPending ? (
        <PageLoader />
      ) : versions.data ? (
        <Stack gap="xl">
          <Stack gap={4}>
            <EulaCheckbox checked={eulaTicked} onChange={setEulaTicked} eula={currentEula(versions.data)} />
            {!eulaTicked ? (
              <Text size="sm" c="dimmed">
                {downloadTexts.firmwareEulaHint}
              </Text>
            ) : null}
          </Stack>
          {TYPES_SHOWN.map((type) => (
            <FirmwareSection key={type} versions={versions.data} type={type} enabled={eulaTicked} />
          ))}
        </Stack>
      ) : null}
    </>
  );
}
